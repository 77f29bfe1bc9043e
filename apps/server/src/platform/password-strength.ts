import { readFileSync } from 'node:fs';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Password strength: zxcvbn (its estimate of the guesses an attacker needs, from dictionaries, keyboard patterns,
 * repeats and sequences) and a list of common passwords: the 49,000 of @zxcvbn-ts/language-common and the ranked
 * 10,000 of accounts/common-passwords.txt.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary },
  graphs: common.adjacencyGraphs,
});

const COMMON = new Set<string>([
  ...(common.dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()),
  ...readFileSync(new URL('../modules/accounts/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
]);

/**
 * Why a password is too weak: `password_common` when it is on the list, `password_weak` when zxcvbn scores it
 * under `minScore` (0 to 4; 2 is about a million guesses, 3 a hundred million); null when it is strong enough.
 * `userInputs` (user name, e-mail …) count as words an attacker knows.
 */
export function strengthProblem(
  password: string,
  minScore: number,
  userInputs: string[] = [],
): 'password_common' | 'password_weak' | null {
  if (COMMON.has(password.toLowerCase())) return 'password_common';
  // zxcvbn's time grows with the length; what it finds in the first 100 characters is enough.
  const result = zxcvbn.check(password.slice(0, 100), userInputs.filter(Boolean));
  return result.score < minScore ? 'password_weak' : null;
}
