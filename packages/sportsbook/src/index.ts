/** The in-house sportsbook's rules: settlement, pricing, odds formats and the feeds' pure parts (issue 28). */
export {};
