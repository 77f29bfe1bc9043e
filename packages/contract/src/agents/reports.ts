/** Team reports of the agent centre and the console, read from the roll-ups (A2). */
export {};
