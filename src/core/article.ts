// Pure: a word with the article it is said with, for messages (an open_url, a URL, an MPM).

/** `word` with its article, as it is said: an IMAGE, an OTP, an MPM, an open_url; a URL, a VIDEO, a GIF, a dial */
export function an(word: string): string {
  const vowel = /^(?:[aeio]|u(?!rl|se|ni))/i.test(word) && !/^(?:one|eu)/i.test(word);
  // an acronym said letter by letter whose first letter sounds a vowel: MPM, SPM, SMS
  return vowel || /^[FHLMNRSX][A-Z]{1,2}\b/.test(word) ? `an ${word}` : `a ${word}`;
}
