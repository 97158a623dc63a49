import { filterProfanity } from '../../lib/text/profanity';

describe('filterProfanity', () => {
  test('censors a plain swear word with one asterisk per character', () => {
    // Prepare
    const text = 'well shit happens';

    // Act
    const result = filterProfanity(text);

    // Assess
    expect(result).toEqual({ original: text, censored: 'well **** happens', has_profanity: true });
  });

  test.each([
    ['f u c k you', '******* you'],
    ['what the f.u.c.k!', 'what the *******!'],
    ['f-u-c-k', '*******'],
    ['sh1t happens', '**** happens'],
    ['fuuuuck', '*******'],
    ['b 1 t c h please', '********* please'],
    ['ｆｕｃｋ', '****'],
  ])('catches the obfuscated spelling %j', (text, censored) => {
    // Prepare: the argument

    // Act
    const result = filterProfanity(text);

    // Assess
    expect(result.has_profanity).toBe(true);
    expect(result.censored).toBe(censored);
  });

  test.each(['Scunthorpe', 'assessment', 'class', 'The A B C of it', 'I flew to the U.S.A. in March', ''])(
    'leaves the clean text %j unchanged',
    (text) => {
      // Prepare: the argument

      // Act
      const result = filterProfanity(text);

      // Assess
      expect(result).toEqual({ original: text, censored: text, has_profanity: false });
    },
  );

  test('keeps the length and the emoji when censoring next to astral characters', () => {
    // Prepare
    const text = '😀 fuck 😀 and 💩 s h i t 💩';

    // Act
    const result = filterProfanity(text);

    // Assess
    expect(result.censored).toBe('😀 **** 😀 and 💩 ******* 💩');
    expect(result.censored.length).toBe(text.length);
  });

  test('replaces a profane word written in astral look-alike letters without breaking surrogate pairs', () => {
    // Prepare
    const text = '𝐟𝐮𝐜𝐤 off';

    // Act
    const result = filterProfanity(text);

    // Assess
    expect(result.has_profanity).toBe(true);
    expect(result.censored.length).toBe(text.length);
    expect(result.censored).toBe(`${'*'.repeat('𝐟𝐮𝐜𝐤'.length)} off`);
    expect(() => encodeURIComponent(result.censored)).not.toThrow(); // throws on a lone surrogate
  });

  test('censors every occurrence and nothing else', () => {
    // Prepare
    const text = 'bitch😀bitch, nice class';

    // Act
    const result = filterProfanity(text);

    // Assess
    expect(result.censored).toBe('*****😀*****, nice class');
  });
});
