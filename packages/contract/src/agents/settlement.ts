/** Settlement of contracts: bills, approval and reversal (A4). */
export {};
