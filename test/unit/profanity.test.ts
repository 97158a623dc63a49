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

/**
 * The word table of issue 17: place names and food words that contain a listed word (left alone),
 * obfuscated spellings and compounds (masked whole), and mild words (masked as the API this service
 * replaces masks "damn"; hell, crap and bloody are left alone).
 */
describe('filterProfanity word table', () => {
  const CLEAN = [
    // English, Welsh and other place names
    'Scunthorpe', 'Penistone', 'Essex', 'Sussex', 'Middlesex', 'Wessex', 'Shitterton', 'Bitchfield', 'Twatt',
    'Penisarwaun', 'Slutsk', 'Wankdorf', 'Clitheroe', 'Cockermouth', 'Lightwater', 'Cumbria', 'Matlock',
    'Titchfield', 'Sandwich', 'Dorking', 'Buttermere', 'Hellingly', 'Blackpool',
    // food
    'shiitake', 'cocktail', 'cumin', 'rapeseed', 'grape', 'grapefruit', 'kumquat', 'pistachio',
    // ordinary words and names
    'assessment', 'therapist', 'classic', 'passage', 'assassin', 'Arsenal', 'Sexton', 'Dickinson', 'Cummings',
    'niggardly', 'pussycat', 'mishit', 'cockpit', 'shuttlecock', 'scuttlebutt', 'titmouse', 'analysis',
    'constitution', 'Uranus', 'bass', 'hell', 'crap', 'bloody',
  ];

  const MASKED: [string, string][] = [
    // obfuscations
    ['motherf***er', '************'],
    ['f**k', '****'],
    ['f***ing', '****ing'],
    ['sh*t', '****'],
    ['sh1t', '****'],
    ['a$$hole', '*******'],
    ['b1tch', '*****'],
    ['fuuuuck', '*******'],
    ['ｆｕｃｋ', '****'],
    ['bullsh1t', '********'],
    // compounds masked whole, and mild words
    ['asshole', '*******'],
    ['arsehole', '********'],
    ['bullshit', '********'],
    ['bollocks', '********'],
    ['wanker', '******'],
    ['damn', '****'],
    ['Damn', '****'],
    ['dammit', '******'],
    ['goddamn', '*******'],
    ['bastard', '*******'],
    ['piss', '****'],
    ['prick', '*****'],
    ['twat', '****'],
  ];

  test('has at least 60 words', () => {
    // Assess
    expect(CLEAN.length + MASKED.length).toBeGreaterThanOrEqual(60);
  });

  test.each(CLEAN)('leaves %j alone, also inside a sentence', (word) => {
    // Prepare
    const sentence = `We met in ${word} today.`;

    // Act
    const alone = filterProfanity(word);
    const inSentence = filterProfanity(sentence);

    // Assess
    expect(alone).toEqual({ original: word, censored: word, has_profanity: false });
    expect(inSentence.censored).toBe(sentence);
  });

  test.each(MASKED)('masks %j as %j', (word, censored) => {
    // Act
    const result = filterProfanity(`oh ${word}, really`);

    // Assess
    expect(result).toEqual({ original: `oh ${word}, really`, censored: `oh ${censored}, really`, has_profanity: true });
  });
});
