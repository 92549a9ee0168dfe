/**
 * The chit-chat the evaluation's facts are buried in: openers, small talk and sign-offs in
 * English, German and Spanish, with slots filled from each chat's own words ({name} draws on the
 * people of the chat, so a fact's names also turn up in idle talk, as they do in life). Messages
 * are made by a seeded generator: the same set every run.
 */

export type Language = 'en' | 'de' | 'es';

export interface FillerPools {
  openers: readonly string[];
  talk: readonly string[];
  replies: readonly string[];
  closers: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
}

const EN_OPENERS = [
  'morning!',
  'hey you',
  'hiii',
  'you awake?',
  'good morning ☀️',
  'ugh what a day',
  'ok I have 5 minutes, talk to me',
  'hello hello',
  'are you around?',
  'back from {place}',
];

const EN_TALK = [
  'it was raining all day here, classic',
  'I had {food} for lunch again, no regrets',
  'work was exhausting today',
  'the ward was chaos, three admissions at once',
  'watching {show} tonight, no spoilers please',
  'I need a holiday so badly',
  'do you think it will be sunny on {day}?',
  'my neighbour is drilling again at 8am',
  'just finished the laundry, feeling like an adult',
  'had coffee with {name} this morning',
  '{name} says hi by the way',
  'I keep forgetting to call {name} back',
  'the train was 40 minutes late, again',
  'I tried a new recipe with {food}, it was okay-ish',
  'can you recommend a good podcast?',
  'I slept like 5 hours, send coffee',
  'we should plan something for {day}',
  'my phone is dying, 4 percent',
  'bought way too much stuff at {place}',
  'the cat next door is sitting on my windowsill again',
  'my back hurts from sitting all day',
  'thinking about getting a plant, any tips?',
  'I went for a short run, it was fine',
  'the supermarket was out of {food}, tragedy',
  'any plans for the weekend?',
  'I am so tired of this weather',
  'just saw the funniest dog in the park',
  'I have a meeting at {time}, wish me luck',
  'my sister sent me a meme you would love',
  'ordered {food}, zero regrets',
  'cleaned the whole flat, reward time',
  'honestly the best part of my day was the sandwich',
  'there was a fire drill at work, we stood outside for an hour',
  'I think I am getting a cold',
  'the new season of {show} is out!!',
  'my mum called, she says hello',
  'we talked about the party but nothing is decided',
  'I should really go to bed earlier',
  'the bus driver wished everyone a nice day, wholesome',
  'trying to read more, failing',
  'I spilled coffee on my white shirt, of course',
  'work trip talk again, probably nothing',
  'found a great little café near {place}',
  '{name} was in a mood today',
  'my playlist is stuck on the same five songs',
  'I finally booked the dentist, proud of me',
  'can not decide between {food} and {food} for dinner',
  'the heating is broken again',
  'what are you up to tonight?',
  'I am so behind on emails',
];

const EN_REPLIES = [
  'haha',
  'lol',
  'omg',
  'same',
  'ok',
  'oh no',
  'nice!!',
  'wait really?',
  'that sounds lovely',
  'ugh sorry',
  'fair enough',
  'I feel that',
  'hahaha classic',
  'true',
  'yes!!',
  'how was it?',
  'tell me more',
  'not bad',
  'so jealous',
  'aww',
  'that is a lot',
  'you deserve a break',
  '😂',
  '❤️',
  '👍',
  'makes sense',
  'oh nice, which one?',
  'sounds like a plan',
];

const EN_CLOSERS = [
  'night!',
  'gotta run',
  'talk later x',
  'sleep well',
  'bye bye',
  'ok going to bed',
  'ttyl',
];

const DE_OPENERS = [
  'Moin!',
  'Hey du',
  'Na?',
  'Guten Morgen ☀️',
  'Bist du wach?',
  'Was für ein Tag',
  'Hallo hallo',
];

const DE_TALK = [
  'Hier regnet es den ganzen Tag',
  'Ich hatte schon wieder {food} zum Mittag',
  'Die Vorlesung war heute echt zäh',
  'Heute Abend schau ich {show}',
  'Ich brauche dringend Urlaub',
  'Meinst du, am {day} wird es sonnig?',
  'Der Nachbar bohrt schon wieder',
  'Hab gerade Wäsche gemacht, fühl mich erwachsen',
  'War heute Kaffee trinken mit {name}',
  '{name} lässt grüßen',
  'Die Bahn hatte 30 Minuten Verspätung',
  'Hab ein neues Rezept mit {food} probiert',
  'Kennst du einen guten Podcast?',
  'Hab nur fünf Stunden geschlafen',
  'Wir sollten am {day} was unternehmen',
  'Mein Akku ist fast leer',
  'Hab viel zu viel bei {place} eingekauft',
  'Mir tut der Rücken weh vom vielen Sitzen',
  'Im Supermarkt gab es kein {food} mehr',
  'Was machst du am Wochenende?',
  'Ich hab um {time} ein Treffen',
  'Die Heizung ist schon wieder kaputt',
  'Ich muss noch so viel lernen',
  'Meine Mutter hat angerufen, sie grüßt dich',
  'Ich sollte früher ins Bett gehen',
  'Hab Kaffee über mein Hemd gekippt',
  'Probe mit der Band war heute eher chaotisch',
  'Ich hab ein tolles Café bei {place} gefunden',
  'Was machst du heute Abend?',
  'Ich komme mit meinen Mails nicht hinterher',
  'Das Wetter nervt langsam',
  'Im Park war ein total lustiger Hund',
];

const DE_REPLIES = [
  'haha',
  'lol',
  'krass',
  'same',
  'ok',
  'oh nein',
  'nice!',
  'echt jetzt?',
  'klingt gut',
  'oh mann',
  'stimmt',
  'verstehe',
  'hahaha typisch',
  'ja!!',
  'und wie war es?',
  'erzähl mehr',
  'nicht schlecht',
  '😂',
  '👍',
  'guter Plan',
];

const DE_CLOSERS = ['Gute Nacht!', 'Muss los', 'Bis später', 'Schlaf gut', 'Tschüss', 'Ich geh ins Bett'];

const ES_OPENERS = ['¡Buenos días!', 'Holaaa', '¿Estás despierta?', 'Qué día', 'Hola hola', '¿Qué tal?'];

const ES_TALK = [
  'Aquí ha llovido todo el día',
  'Otra vez comí {food}, sin arrepentimientos',
  'El trabajo hoy fue agotador',
  'Esta noche veo {show}',
  'Necesito vacaciones urgentemente',
  '¿Crees que hará sol el {day}?',
  'El vecino está taladrando otra vez',
  'Tomé un café con {name} esta mañana',
  '{name} te manda saludos',
  'El tren llegó con media hora de retraso',
  'Probé una receta nueva con {food}',
  '¿Me recomiendas un podcast?',
  'Dormí cinco horas, necesito café',
  'Deberíamos hacer algo el {day}',
  'Compré demasiadas cosas en {place}',
  'Me duele la espalda de estar sentada',
  'En el súper no quedaba {food}',
  '¿Planes para el fin de semana?',
  'Tengo una reunión a las {time}',
  'La calefacción se ha roto otra vez',
  'Mi madre llamó, te manda besos',
  'Debería acostarme antes',
  'Se me cayó el café en la camisa',
  'Encontré una cafetería muy mona cerca de {place}',
  '¿Qué haces esta noche?',
  'Estoy harta de este tiempo',
  'Vi un perro graciosísimo en el parque',
];

const ES_REPLIES = [
  'jaja',
  'jajaja',
  'qué fuerte',
  'ok',
  'ay no',
  '¡qué bien!',
  '¿en serio?',
  'suena genial',
  'vaya',
  'totalmente',
  'te entiendo',
  '¡sí!',
  '¿y qué tal?',
  'cuéntame más',
  '😂',
  '❤️',
  'buen plan',
];

const ES_CLOSERS = [
  '¡Buenas noches!',
  'Me voy',
  'Hablamos luego',
  'Que descanses',
  'Chao',
  'Me voy a dormir',
];

export const LANGUAGE_POOLS: Record<Language, Omit<FillerPools, 'slots'>> = {
  en: { openers: EN_OPENERS, talk: EN_TALK, replies: EN_REPLIES, closers: EN_CLOSERS },
  de: { openers: DE_OPENERS, talk: DE_TALK, replies: DE_REPLIES, closers: DE_CLOSERS },
  es: { openers: ES_OPENERS, talk: ES_TALK, replies: ES_REPLIES, closers: ES_CLOSERS },
};

export const WEEKDAY_SLOTS: Record<Language, readonly string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
};

/** A deterministic random source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A template with its {slots} filled from the chat's words. */
export function fill(template: string, slots: FillerPools['slots'], random: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_match, slot: string) => pick(random, slots[slot] ?? [slot]));
}
