// An HTML `pattern` for a market's phone numbers, from the operator's national pattern: the same
// digits, with optional spaces, dots or dashes between them, and an optional +<dial code> or
// 00<dial code> in front. Browsers check it before the form is sent (also without JavaScript);
// the server checks the exact number again. Unknown pattern syntax falls back to a loose check.
const LOOSE = String.raw`\+?[0-9\s.\-]{6,20}`;
const SEP = String.raw`[\s.\-]?`;

export function htmlPhonePattern(nationalPattern: string, dialCode: string): string {
  const src = nationalPattern.replace(/^\^/, '').replace(/\$$/, '');
  const tokens: string[] = [];
  let i = 0;
  while (i < src.length) {
    let atom: string;
    if (/[0-9]/.test(src[i]!)) atom = src[i++]!;
    else if (src.startsWith(String.raw`\d`, i)) {
      atom = '[0-9]';
      i += 2;
    } else if (src[i] === '[') {
      const end = src.indexOf(']', i);
      if (end < 0 || !/^\[[0-9-]+\]$/.test(src.slice(i, end + 1))) return LOOSE;
      atom = src.slice(i, end + 1).replace('-', String.raw`\-`);
      i = end + 1;
    } else return LOOSE;
    const q = /^\{(\d+)\}/.exec(src.slice(i));
    if (q) {
      i += q[0].length;
      for (let n = 0; n < Number(q[1]); n++) tokens.push(atom);
    } else tokens.push(atom);
  }
  if (tokens.length === 0) return LOOSE;
  const dial = dialCode.replace(/^\+/, '');
  return `(?:(?:\\+|00)${dial}${SEP})?${tokens.join(SEP)}`;
}
