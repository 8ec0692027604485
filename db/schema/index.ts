export * from './auth'
export * from './content'
export * from './site'
export * from './media'
