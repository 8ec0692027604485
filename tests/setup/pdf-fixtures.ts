/** A PDF made unreadable without its password: an /Encrypt dictionary whose user password is not empty. */
export function lockedPdf(pdf: Buffer) {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex32('7a')} /U ${hex32('3c')} /P -4 >>`
  const id = '<00112233445566778899aabbccddeeff>'
  return Buffer.from(
    pdf.toString('latin1').replace(/trailer\n<< /, `trailer\n<< ${encrypt} /ID [${id} ${id}] `),
    'latin1',
  )
}
