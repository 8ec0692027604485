import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Test files known to take the longest (about a minute each on an idle 2-core machine), started
 * first so that the workers do not end the run waiting on one of them. Vitest starts the
 * longest files first only when its cache holds their times from an earlier run; without it (a
 * fresh checkout, or a cache overwritten by a run of a few files) it starts the largest files
 * first, and the access matrix's parts are files of a few lines.
 */
export const LONG_FIRST = [/\/tests\/integration\/access-matrix-\d+\.test\.ts$/]

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const isLong = (file: TestSpecification) => LONG_FIRST.some((re) => re.test(file.moduleId))
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))]
  }
}
