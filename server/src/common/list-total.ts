/** Lists are counted exactly up to this many rows; beyond, the planner's estimate is given (and said so). */
export const EXACT_TOTAL_UP_TO = 1000;

export interface ListTotal {
  total: number;
  /** The total is the planner's estimate (more than EXACT_TOTAL_UP_TO rows match). */
  estimated: boolean;
}
