import zlib from 'node:zlib'

/*
 * Hostile zips, made in the tests and never committed (docs/security.md, "zip archives"). A
 * zip writer of our own, because yazl compresses what it is given: here the deflated bytes are
 * made without ever holding the unpacked ones (1 GiB of zeros), and an entry may declare a
 * size other than what it unpacks to, or a name such as `../../x`.
 */

export interface RawEntry {
  name: string
  /** The bytes stored: deflated (method 8) or as they are (method 0). */
  data: Buffer
  method: 0 | 8
  crc: number
  /** The unpacked size written in the headers, true or not. */
  size: number
}

/** A zip of the entries as given (no zip64: every size under 4 GiB). */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x800, 6) // UTF-8 names
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.crc >>> 0, 14)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(e.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(e.method, 10)
    central.writeUInt32LE(e.crc >>> 0, 16)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(e.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, e.data)
    centrals.push(central, name)
    offset += local.length + name.length + e.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/**
 * `head` then `unit` repeated `times`, deflated: each part is compressed once, ending on a full
 * flush (byte-aligned, with no reference back), so the parts can be repeated as they are. 1 MiB
 * of zeros deflates to about 1 KB: 1 GiB of them to about 1 MB.
 */
export function deflatedRepeat(unit: Buffer, times: number, head = Buffer.alloc(0)) {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH }
  const headPart = zlib.deflateRawSync(head, flush)
  const unitPart = zlib.deflateRawSync(unit, flush)
  const parts: Buffer[] = [headPart]
  let crc = zlib.crc32(head)
  for (let n = 0; n < times; n++) {
    parts.push(unitPart)
    crc = zlib.crc32(unit, crc)
  }
  parts.push(zlib.deflateRawSync(Buffer.alloc(0)))
  return { data: Buffer.concat(parts), crc, size: head.length + unit.length * times }
}

export const MIB = 1024 * 1024
export const GIB = 1024 * MIB

/** An entry of `size` zeros (a multiple of 1 MiB), deflated, declaring `declared` (its size). */
export function zerosEntry(name: string, size: number, declared = size): RawEntry {
  const { data, crc } = deflatedRepeat(Buffer.alloc(MIB), size / MIB)
  return { name, data, method: 8, crc, size: declared }
}

/** A small entry stored as it is. */
export function storedEntry(name: string, content: Buffer | string): RawEntry {
  const data = Buffer.from(content)
  return { name, data, method: 0, crc: zlib.crc32(data), size: data.length }
}

/** A small entry, deflated. */
export function deflatedEntry(name: string, content: Buffer | string): RawEntry {
  const raw = Buffer.from(content)
  return { name, data: zlib.deflateRawSync(raw), method: 8, crc: zlib.crc32(raw), size: raw.length }
}
