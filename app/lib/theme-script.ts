/**
 * Runs before first paint so the page never flashes the wrong theme: the saved choice, else
 * the system setting. Allowed by its hash in the Content-Security-Policy.
 */
export const THEME_STORAGE_KEY = 'theme'

export const themeScript = `(function(){try{var s=localStorage.getItem('${THEME_STORAGE_KEY}');var d=s?s==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches;var e=document.documentElement;e.classList.toggle('dark',d);e.classList.toggle('light',!d);e.style.colorScheme=d?'dark':'light'}catch(_){}})()`
