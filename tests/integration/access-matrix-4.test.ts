import { describeAccessMatrixPart } from '../setup/access-matrix'

// Part 4 of the access matrix (tests/setup/access-matrix.ts; all parts: access-matrix.test.ts).
describeAccessMatrixPart(4)
