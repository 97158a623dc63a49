/**
 * Original phrase bank for the daily horoscope, written for this project.
 *
 * Every entry is exactly one sentence. Placeholders filled in by the composer:
 * {sign} sign name, {planet} ruling planet, {element} element, {trait} the sign's signature strength,
 * {number} lucky number, {colour} lucky colour.
 */
import type { ZodiacSign } from './signs';

export interface SignFacts {
  name: string;
  element: 'fire' | 'earth' | 'air' | 'water';
  /** Modern rulers (Pluto for Scorpio, Uranus for Aquarius, Neptune for Pisces). */
  planet: string;
  trait: string;
}

export const SIGN_FACTS: Record<ZodiacSign, SignFacts> = {
  aries: { name: 'Aries', element: 'fire', planet: 'Mars', trait: 'boldness' },
  taurus: { name: 'Taurus', element: 'earth', planet: 'Venus', trait: 'patience' },
  gemini: { name: 'Gemini', element: 'air', planet: 'Mercury', trait: 'curiosity' },
  cancer: { name: 'Cancer', element: 'water', planet: 'the Moon', trait: 'intuition' },
  leo: { name: 'Leo', element: 'fire', planet: 'the Sun', trait: 'warmth' },
  virgo: { name: 'Virgo', element: 'earth', planet: 'Mercury', trait: 'eye for detail' },
  libra: { name: 'Libra', element: 'air', planet: 'Venus', trait: 'sense of fairness' },
  scorpio: { name: 'Scorpio', element: 'water', planet: 'Pluto', trait: 'focus' },
  sagittarius: { name: 'Sagittarius', element: 'fire', planet: 'Jupiter', trait: 'optimism' },
  capricorn: { name: 'Capricorn', element: 'earth', planet: 'Saturn', trait: 'discipline' },
  aquarius: { name: 'Aquarius', element: 'air', planet: 'Uranus', trait: 'originality' },
  pisces: { name: 'Pisces', element: 'water', planet: 'Neptune', trait: 'imagination' },
};

/** The day and its planetary mood. */
export const OPENINGS: readonly string[] = [
  '{planet} sets a steady rhythm today, and your {trait} is right in step with it.',
  'The sky leans in your favour this morning, {sign}, though it asks you to move at your own pace.',
  'A quiet shift in the heavens makes today feel lighter than the week that led up to it.',
  'With {planet} in a thoughtful mood, today rewards careful steps over grand gestures.',
  'Your {element} nature is stirred today, and sparks of inspiration come from unexpected places.',
  'The planets line up in a way that favours fresh starts, even modest ones.',
  'Today carries a restless undertone, so anchor yourself early and the rest will follow.',
  "A gentle lunar tide smooths over yesterday's friction, {sign}.",
  '{planet} nudges you toward clarity today, so trust the first honest answer that comes to mind.',
  'The day opens slowly, but momentum gathers nicely by the afternoon.',
  'The cosmic weather is calm and clear, ideal for tying up loose ends.',
  'An energetic alignment puts a little extra bounce in your step today.',
  'The stars favour conversation today, and your words carry further than usual.',
  'Your ruling planet, {planet}, brings a reflective mood that suits unhurried plans.',
  'A bright patch in the sky lights up the corners of your life you have been neglecting.',
  "Today's planetary mood is playful, and your {trait} finds plenty of room to shine.",
  'The heavens are in a generous frame of mind, so ask for what you need.',
  'A slight tension between the planets keeps you alert, which is no bad thing today.',
  "As a {element} sign, you feel today's cosmic currents sooner than most.",
  'Mercury hums in the background today, sharpening your sense of timing.',
  'The sky holds a patient, golden quality today that invites you to savour small things.',
  'Something in the air today favours honesty over diplomacy, within reason.',
  'A new rhythm takes hold today, and {planet} makes sure you notice it.',
  'The Moon drifts through a friendly part of your chart, softening the edges of a busy day.',
  'Today feels like the first page of a notebook, {sign}, clean and full of possibility.',
];

export const LIFE_AREA_NAMES = ['work', 'love', 'money', 'health', 'friends'] as const;
export type LifeArea = (typeof LIFE_AREA_NAMES)[number];

/** One area of life each day (two on some days). */
export const LIFE_AREAS: Record<LifeArea, readonly string[]> = {
  work: [
    'At work, a task you have been postponing turns out to be simpler than you feared.',
    'A colleague may need your {trait} more than they will admit, so offer it freely.',
    'Professionally, it is a good day to write things down before you promise them.',
    'A small idea you share at work could grow into something much larger.',
    'Your workload looks heavy at first glance, but a clear order of priorities makes it lighter.',
    'Someone in charge is paying closer attention to your efforts than you realise.',
  ],
  love: [
    'In love, a simple gesture says more than a carefully rehearsed speech.',
    'If you are attached, an unhurried evening together mends more than you expect.',
    'If you are single, a conversation about nothing in particular could turn into something special.',
    'Romance favours sincerity today, so let your {trait} show.',
    'An old feeling may resurface; treat it kindly, then decide with a clear head.',
    'Affection flows more easily in your relationships when you stop keeping score.',
  ],
  money: [
    'Financially, a modest saving made today adds up sooner than you think.',
    'Money matters call for patience, and a purchase that feels urgent can wait until tomorrow.',
    'A practical look at your budget reveals a small leak that is easy to fix.',
    'An unexpected offer deserves a second reading before you say yes.',
    'Your instinct for value is sharp today, so trust it when comparing prices.',
    'Lending or borrowing goes more smoothly when the terms are written down.',
  ],
  health: [
    'Your body asks for rhythm today: regular meals, fresh air and an early night.',
    'A short walk does more for your mood than another cup of coffee.',
    'Loosen your shoulders and unclench your jaw, because you are holding more tension than you know.',
    'Drink more water than you think you need, and your concentration will thank you.',
    'Rest counts as progress today, so do not apologise for taking it.',
    'A new healthy habit sticks best if you start it small and keep it kind.',
  ],
  friends: [
    'A friend who has been quiet lately would welcome a message from you.',
    'Among friends, your {trait} makes you the natural person to bring everyone together.',
    'A shared laugh with a friend clears the air after a recent misunderstanding.',
    'Someone in your circle has news worth celebrating, so make time to listen.',
    'An invitation arrives that is worth accepting, even if you feel like staying in.',
    'Old friends remind you of a version of yourself that is worth revisiting.',
  ],
};

export const ADVICE: readonly string[] = [
  'Take one thing off your list rather than adding two.',
  'Say yes to the plan that scares you a little and excites you a lot.',
  'Let someone else take the lead for once and notice what you learn.',
  'Keep your promises small and your follow-through large.',
  'Ask the question you have been too proud to ask.',
  'Choose progress over perfection, especially before lunch.',
  'Guard your attention, because not every notification deserves an answer.',
  'Lean on your {element} instincts, but double-check the details.',
  'Slow down at the crossroads and speed up on the straight roads.',
  'Tidy one corner of your space and your thoughts will follow.',
  'Be generous with praise and sparing with criticism.',
  'Write down the idea before it slips away.',
  "Trust your {trait}, but leave room for other people's views.",
  'Finish what you started before opening a new chapter.',
  'A short pause before you reply will save a long explanation later.',
  'Give yourself the advice you would give a good friend.',
  'Spend an hour on something whose only purpose is joy.',
  'Let go of a grudge that costs more than it is worth.',
  'Keep your evening plans flexible, since the best part of the day may come late.',
  'Make the call instead of sending the message.',
  'Protect your morning, because it sets the tone for everything else.',
  'Say less, listen more, and the right moment will find you.',
  'Treat a setback as a detour rather than a dead end.',
  'Celebrate a small win today instead of waiting for a big one.',
];

/** The closing line with the lucky note. */
export const CLOSINGS: readonly string[] = [
  'Your lucky number is {number}, and {colour} brings out your best.',
  'Wear a touch of {colour} and keep the number {number} in mind.',
  'By nightfall {planet} leaves you calmer than you started, with {number} as your lucky number.',
  'Lucky colour {colour} and lucky number {number} round off a day that ends better than it begins.',
  'If a choice comes down to chance, let {number} decide it.',
  'Something {colour} catches your eye today, and it is worth a second look.',
  'The number {number} keeps turning up for a reason, so pay attention when it does.',
  'A small {colour} detail will make you smile before the day is out.',
  'Keep {number} as your lucky number and {colour} as your lucky colour until tomorrow.',
  'Tonight the stars settle down, and {colour} is the shade that suits your mood.',
  'Luck favours the prepared today, especially around the number {number}.',
  'Your {element} energy peaks in the evening, with {colour} as your lucky colour.',
  'Count to {number} before reacting to anything surprising, and luck will stay on your side.',
  'A {colour} object nearby is your quiet charm for the day.',
  'End the day with gratitude, and let {number} be your lucky number.',
  'Whatever happens, {sign}, today closes on a hopeful note, and {colour} is your colour.',
  'The stars hint that {number} will mean something to you before long.',
  'Choose {colour} when in doubt, and trust that the day is on your side.',
  'Your lucky pairing today is the number {number} with the colour {colour}.',
  'Good fortune arrives quietly today, dressed in {colour}.',
  'Tuck the number {number} into your memory, since it may come in handy.',
];

export const LUCKY_COLOURS: readonly string[] = [
  'amber', 'coral', 'teal', 'indigo', 'sage green', 'silver', 'gold', 'lavender',
  'crimson', 'sky blue', 'ivory', 'emerald', 'peach', 'navy', 'turquoise', 'plum',
];
