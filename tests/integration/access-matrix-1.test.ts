import { describeAccessMatrixPart } from '../setup/access-matrix'

// Part 1 of the access matrix (tests/setup/access-matrix.ts; all parts: access-matrix.test.ts).
describeAccessMatrixPart(1)
