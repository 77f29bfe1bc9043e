/** Contracts: offers, answers and the original client's contract calls (A3). */
export {};
