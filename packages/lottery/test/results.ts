import type { DrawResult } from '../src/index.ts';

/** An XSMB-style draw. The last two digits of its 27 numbers, in row order:
 *  DB 19 · G1 62 · G2 07 58 · G3 71 45 30 84 12 03 · G4 07 29 38 61 · G5 96 83 74 50 17 58 · G6 18 92 45 ·
 *  G7 58 07 91 58 */
export const NORTH: DrawResult = {
  DB: ['27319'],
  G1: ['80562'],
  G2: ['41907', '63358'],
  G3: ['09871', '52645', '71230', '36684', '90512', '18803'],
  G4: ['4407', '6529', '1938', '7761'],
  G5: ['0296', '5183', '3374', '8850', '2617', '9058'],
  G6: ['318', '792', '645'],
  G7: ['58', '07', '91', '58'],
};

/** An XSMN-style draw. The last two digits of its 18 numbers, in row order:
 *  G8 36 · G7 81 · G6 36 19 52 · G5 40 · G4 36 91 17 58 84 63 70 · G3 26 17 · G2 92 · G1 81 · DB 36 */
export const SOUTH: DrawResult = {
  G8: ['36'],
  G7: ['481'],
  G6: ['2036', '7719', '0552'],
  G5: ['6840'],
  G4: ['17236', '80491', '33917', '62058', '09784', '45163', '21370'],
  G3: ['58826', '04417'],
  G2: ['71092'],
  G1: ['35581'],
  DB: ['829036'],
};

/** A 4D draw; 7777 drawn twice among the consolation prizes, which the procedure allows. */
export const FOUR_D: DrawResult = {
  P1: ['4821'],
  P2: ['0937'],
  P3: ['5160'],
  STARTER: ['1234', '0457', '3391', '8012', '6620', '7745', '2208', '9513', '0076', '4419'],
  CONSOLATION: ['7777', '3056', '1188', '7777', '6402', '2935', '8861', '0500', '5214', '9043'],
};
