/**
 * How many new AI descriptions one turn may wait for (Settings.media.descriptionsPerTurn), so a
 * flood of stickers never stalls a reply. Files over the budget are described in the background
 * and reach the agent in a later turn.
 */
export class DescriptionBudget {
  #left: number;

  constructor(units: number) {
    this.#left = Math.max(0, Math.floor(units));
  }

  /** An unbounded budget, for background work and the operator's "describe again". */
  static unlimited(): DescriptionBudget {
    return new DescriptionBudget(Number.POSITIVE_INFINITY);
  }

  get left(): number {
    return this.#left;
  }

  /** Spends one unit; false when none is left. */
  take(): boolean {
    if (this.#left <= 0) return false;
    this.#left -= 1;
    return true;
  }
}
