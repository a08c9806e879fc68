import { isValidEan13 } from '@promo/shared';

/*
 * EAN-13 as modules (GS1 General Specifications 5.2.1): 95 modules between quiet zones of 11
 * (left) and 7 (right). Drawn as vector bars by the renderer; the test reads them back with zxing.
 */

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = L.map((code) => [...code].reverse().map((b) => (b === '1' ? '0' : '1')).join(''));
const R = L.map((code) => [...code].map((b) => (b === '1' ? '0' : '1')).join(''));
/** Which of the left half's six digits use set G, by the first digit. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export const EAN_QUIET_LEFT = 11;
export const EAN_QUIET_RIGHT = 7;
export const EAN_MODULES = 95;

/** 13 digits with the right check digit. */
export const eanPrintable = (code: string) => isValidEan13(code);

/** The bars: [first module, width in modules, guard bar?] from the start guard (module 0). */
export function ean13Bars(code: string): Array<[number, number, boolean]> {
  const d = [...code].map(Number);
  const parity = PARITY[d[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'G' ? G : L)[d[i]!];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[d[i]!];
  bits += '101';
  const guard = (m: number) => m < 3 || (m >= 45 && m < 50) || m >= 92;
  const bars: Array<[number, number, boolean]> = [];
  for (let m = 0; m < bits.length; m++) {
    if (bits[m] !== '1') continue;
    const last = bars.at(-1);
    if (last && last[0] + last[1] === m && last[2] === guard(m)) last[1]++;
    else bars.push([m, 1, guard(m)]);
  }
  return bars;
}
