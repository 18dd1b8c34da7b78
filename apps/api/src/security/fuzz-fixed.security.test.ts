import { FIXED_SEED, fuzzSuite } from './fuzz';

fuzzSuite('fixed', FIXED_SEED);
