import type { Span } from '../../../../nlu/es-mx/spans';
import type { Token } from '../../../../nlu/es-mx/tokens';

export const CATEGORIES = [
  'supermercado',
  'restaurantes',
  'transporte',
  'gasolina',
  'vivienda',
  'servicios',
  'salud',
  'educacion',
  'entretenimiento',
  'ropa',
  'suscripciones',
  'otros',
] as const;
export type Category = (typeof CATEGORIES)[number];
export type CategoryType = 'fixed' | 'variable';

const FIXED: ReadonlySet<Category> = new Set(['vivienda', 'servicios', 'educacion', 'suscripciones']);

/** Fixed costs recur every month at about the same amount; budgets cap the variable ones. */
export function categoryTypeOf(category: Category): CategoryType {
  return FIXED.has(category) ? 'fixed' : 'variable';
}

/**
 * How much a word says about the category. The category's own name says most; a thing bought or
 * a service used ("tenis", "uber", "luz") says more than the place it was bought ("walmart"
 * sells tennis shoes too). So "compré unos tenis en walmart" is ropa.
 */
export type Strength = 1 | 2 | 3;
const NAME: Strength = 3;
const THING: Strength = 2;
const PLACE: Strength = 1;

/** Accent-free words of Mexican everyday spending, `|`-separated; plurals are matched as well. */
const LEXICON: Array<[Category | null, Strength, string]> = [
  // Not spending categories: stores of everything, "¿la libro?" (will I make it), a drink of water.
  // Nor the water money runs like ("se me va como agua"), nor health wished to someone.
  [null, THING, 'mercado libre|mercado pago|la libro|la libramos|un agua|una agua|como agua'],
  [null, NAME, 'mucha salud|lleno de salud|llena de salud|llenos de salud|buena salud|de salud para'],
  // "feria" is also money ("¿cuánto me queda de feria?", "traigo poca feria"): a fair only when
  // it is one ("fui a la feria").
  [null, THING, 'de feria|poca feria|mucha feria|la feria que|sin feria|mi feria|tu feria|nada de feria'],
  ['supermercado', NAME, 'supermercado'],
  ['supermercado', THING, 'despensa|mandado|abarrotes|fruta|verdura|leche|huevo|tortillas'],
  [
    'supermercado',
    PLACE,
    'super|supre|oxxo|seven|walmart|soriana|chedraui|la comer|costco|sams|bodega aurrera|aurrera|heb|superama|' +
      'city market|fresko|mercado|tiendita|tortilleria|carniceria|circle k',
  ],
  ['restaurantes', NAME, 'restaurante|restaurant'],
  [
    'restaurantes',
    THING,
    'comida|taco|torta|pizza|hamburguesa|sushi|cafe|cena|cenar|desayuno|almuerzo|comida corrida|antojitos|pozole|' +
      'tamales|quesadillas|gorditas|birria|mariscos|elotes|helado|comer fuera',
  ],
  [
    'restaurantes',
    PLACE,
    'taqueria|fonda|cafeteria|starbucks|mcdonalds|kfc|dominos|little caesars|burger king|vips|toks|sanborns|' +
      'uber eats|rappi|didi food|cocina economica|loncheria',
  ],
  ['transporte', NAME, 'transporte'],
  [
    'transporte',
    THING,
    'uber|didi|taxi|metro|metrobus|camion|micro|pesero|combi|autobus|tren|cabify|pasaje|caseta|' +
      'estacionamiento|parquimetro|ecobici|vuelo|boleto de avion|peaje',
  ],
  ['gasolina', NAME, 'gasolina|gasolian|gasolna|gasolia'],
  // "llenar el tanque" is fuel; a "tanque" alone may be a water tank (tinaco).
  // "gas al carro" is fuel; "gas" alone is the household's LP gas (a bill, below).
  [
    'gasolina',
    THING,
    'diesel|magna|llenar el tanque|llene el tanque|llenarle el tanque|tanque lleno|' +
      'gas al carro|gas al coche|gas al auto|gas a la camioneta|gas a la moto|gas al vocho',
  ],
  ['gasolina', PLACE, 'gasolinera|pemex|oxxo gas'],
  ['vivienda', NAME, 'vivienda'],
  ['vivienda', THING, 'renta|alquiler|hipoteca|predial|mantenimiento'],
  ['servicios', NAME, 'servicios|servicio'],
  [
    'servicios',
    THING,
    'luz|cfe|agua|gas|internet|telefono|plan del celular|plan de celular|plan de datos|recarga|cable|' +
      'gas natural|tv de paga',
  ],
  ['servicios', PLACE, 'telmex|izzi|totalplay|megacable|telcel|movistar|sky|naturgy|dish'],
  ['salud', NAME, 'salud'],
  [
    'salud',
    THING,
    'doctor|doctora|medico|medica|consulta|medicina|medicamento|dentista|hospital|analisis|laboratorio|' +
      'psicologo|psicologa|terapia|vacuna|urgencias',
  ],
  ['salud', PLACE, 'farmacia|similares|farmacias guadalajara|benavides|clinica'],
  ['educacion', NAME, 'educacion'],
  [
    'educacion',
    THING,
    'colegiatura|inscripcion|libro|utiles|utiles escolares|curso|clases|diplomado|maestria',
  ],
  ['educacion', PLACE, 'escuela|colegio|universidad|uni|kinder|guarderia'],
  ['entretenimiento', NAME, 'entretenimiento'],
  [
    'entretenimiento',
    THING,
    'cine|pelicula|concierto|teatro|boliche|museo|fiesta|antro|bar|chelas|cerveza|peda|videojuego|partido|' +
      'karaoke|feria|salidas|consola|xbox|playstation|nintendo',
  ],
  ['entretenimiento', PLACE, 'cinepolis|cinemex|ticketmaster'],
  ['ropa', NAME, 'ropa'],
  [
    'ropa',
    THING,
    'tenis|zapato|playera|camisa|pantalon|jeans|vestido|chamarra|sudadera|calcetines|blusa|falda|gorra|' +
      'chaqueta|botas|sandalias',
  ],
  ['ropa', PLACE, 'zara|shein|bershka|liverpool|suburbia|palacio de hierro|zapateria'],
  ['suscripciones', NAME, 'suscripciones|suscripcion'],
  [
    'suscripciones',
    THING,
    'netflix|spotify|disney plus|disney|hbo|hbo max|prime video|amazon prime|youtube premium|apple music|' +
      'icloud|chatgpt|game pass|crunchyroll|vix|paramount|star plus|gym|gimnasio|smartfit',
  ],
  ['otros', NAME, 'otros'],
];

interface Entry {
  category: Category | null;
  strength: Strength;
}

const ENTRIES = new Map<string, Entry>();
for (const [category, strength, words] of LEXICON) {
  for (const word of words.split('|')) ENTRIES.set(word, { category, strength });
}

const LONGEST_PHRASE = Math.max(...[...ENTRIES.keys()].map((phrase) => phrase.split(' ').length));

export interface CategoryMention extends Span {
  category: Category;
  strength: Strength;
}

/**
 * Category words among the tokens, longest phrase first so "uber eats" wins over "uber" and
 * "oxxo gas" over "oxxo" (a lookup per position: much cheaper than one regex of 300 words).
 */
export function findCategories(tokens: readonly Token[]): CategoryMention[] {
  const mentions: CategoryMention[] = [];
  for (let index = 0; index < tokens.length; index++) {
    for (let length = LONGEST_PHRASE; length >= 1; length--) {
      const words = tokens.slice(index, index + length);
      if (words.length < length || words.some((token) => token.kind !== 'word')) continue;
      const entry = lookUp(words.map((token) => token.text).join(' '));
      if (!entry) continue;
      const start = (words[0] as Token).start;
      const end = (words[length - 1] as Token).end;
      if (entry.category) mentions.push({ category: entry.category, strength: entry.strength, start, end });
      index += length - 1;
      break;
    }
  }
  return mentions;
}

/** Exact, else the other number: "tacos" -> "taco", "doctores" -> "doctor", "elote" -> "elotes". */
function lookUp(phrase: string): Entry | undefined {
  for (const form of [
    phrase,
    phrase.replace(/es$/, ''),
    phrase.replace(/s$/, ''),
    `${phrase}s`,
    `${phrase}es`,
  ]) {
    const entry = ENTRIES.get(form);
    if (entry) return entry;
  }
  return undefined;
}

export type CategoryChoice =
  | { kind: 'none' }
  | { kind: 'one'; category: Category; mention: CategoryMention }
  | { kind: 'conflict'; categories: Category[] };

/** The strongest mentions decide; two different categories at the same strength are a conflict. */
export function chooseCategory(mentions: readonly CategoryMention[]): CategoryChoice {
  const strongest = Math.max(0, ...mentions.map((mention) => mention.strength));
  const top = mentions.filter((mention) => mention.strength === strongest);
  const categories = distinctCategories(top);
  const first = top[0];
  if (!first) return { kind: 'none' };
  if (categories.length > 1) return { kind: 'conflict', categories };
  return { kind: 'one', category: first.category, mention: first };
}

export function distinctCategories(mentions: readonly CategoryMention[]): Category[] {
  return [...new Set(mentions.map((mention) => mention.category))];
}

const CATEGORY_TYPE_WORDS: Array<[RegExp, CategoryType]> = [
  [/\b(?:gastos?\s+)?fij[oa]s?\b/, 'fixed'],
  [/\b(?:gastos?\s+)?variables?\b/, 'variable'],
];

/** "gastos fijos", "variables": the type said without a category (budgets and queries use it). */
export function findCategoryType(folded: string): CategoryType | undefined {
  const said = CATEGORY_TYPE_WORDS.filter(([pattern]) => pattern.test(folded)).map(([, type]) => type);
  return said.length === 1 ? said[0] : undefined;
}
