/** The agents' tree as agents and operators see it: downline registration, affiliate links, the operator's moves (A1). */
export {};
