import { chaosSuite } from './chaosSuite.ts';

chaosSuite(1, 500);
