/**
 * The search benchmark's vocabulary (issue 25): 100 Spanish grocery, bakery, greengrocer's,
 * butcher's, drinks and pharmacy words, each with its plural, in the group of shops that sells it.
 * The loader builds product titles from them (a word, a brand or variety, a size); the queries
 * are the same words as customers type them: singular, plural, without accents, with one typo.
 */

/** A shop category of the bench (a `stores.category` value) and the words its products use. */
export type WordGroup =
  'almacen' | 'panaderia' | 'verduleria' | 'carniceria' | 'bebidas' | 'farmacia'

/** `singular|plural` per word (the plural of a multi-word item pluralises its first word). */
const GROUPS: Record<WordGroup, string[]> = {
  almacen: [
    'yerba|yerbas',
    'galletita|galletitas',
    'dulce de leche|dulces de leche',
    'alfajor|alfajores',
    'arroz|arroces',
    'fideo|fideos',
    'aceite|aceites',
    'azúcar|azúcares',
    'harina|harinas',
    'café|cafés',
    'té|tés',
    'queso|quesos',
    'jamón|jamones',
    'salame|salames',
    'manteca|mantecas',
    'mermelada|mermeladas',
    'atún|atunes',
    'arveja|arvejas',
    'lenteja|lentejas',
    'garbanzo|garbanzos',
    'polenta|polentas',
    'tallarín|tallarines',
    'puré de tomate|purés de tomate',
    'mayonesa|mayonesas',
    'mostaza|mostazas',
    'vinagre|vinagres',
    'aceituna|aceitunas',
    'chocolate|chocolates',
    'turrón|turrones',
    'caramelo|caramelos',
    'huevo|huevos',
    'leche|leches',
    'yogur|yogures',
    'mate cocido|mates cocidos',
    'avena|avenas',
  ],
  panaderia: [
    'pan|panes',
    'medialuna|medialunas',
    'factura|facturas',
    'bizcochito|bizcochitos',
    'budín|budines',
    'torta|tortas',
    'pastafrola|pastafrolas',
    'chipá|chipás',
    'prepizza|prepizzas',
    'tostada|tostadas',
    'grisín|grisines',
    'bizcochuelo|bizcochuelos',
    'churro|churros',
    'sándwich de miga|sándwiches de miga',
    'empanada|empanadas',
  ],
  verduleria: [
    'limón|limones',
    'papa|papas',
    'cebolla|cebollas',
    'zanahoria|zanahorias',
    'lechuga|lechugas',
    'manzana|manzanas',
    'banana|bananas',
    'naranja|naranjas',
    'palta|paltas',
    'frutilla|frutillas',
    'tomate|tomates',
    'zapallo|zapallos',
  ],
  carniceria: [
    'milanesa|milanesas',
    'pollo|pollos',
    'chorizo|chorizos',
    'morcilla|morcillas',
    'asado de tira|asados de tira',
    'vacío|vacíos',
    'matambre|matambres',
    'bife de chorizo|bifes de chorizo',
  ],
  bebidas: [
    'gaseosa|gaseosas',
    'cerveza|cervezas',
    'vino tinto|vinos tintos',
    'agua mineral|aguas minerales',
    'jugo|jugos',
    'soda|sodas',
    'fernet|fernets',
    'sidra|sidras',
  ],
  farmacia: [
    'ibuprofeno|ibuprofenos',
    'paracetamol|paracetamoles',
    'aspirina|aspirinas',
    'alcohol en gel|alcoholes en gel',
    'curita|curitas',
    'algodón|algodones',
    'pañal|pañales',
    'shampoo|shampoos',
    'jabón|jabones',
    'desodorante|desodorantes',
    'pasta dental|pastas dentales',
    'cepillo de dientes|cepillos de dientes',
    'protector solar|protectores solares',
    'repelente|repelentes',
    'preservativo|preservativos',
    'vitamina|vitaminas',
    'jarabe para la tos|jarabes para la tos',
    'crema de manos|cremas de manos',
    'toallita|toallitas',
    'gasa|gasas',
    'termómetro|termómetros',
    'antiácido|antiácidos',
  ],
}

export type Word = { singular: string; plural: string; group: WordGroup }

export const WORDS: Word[] = Object.entries(GROUPS).flatMap(([group, list]) =>
  list.map((entry) => {
    const [singular, plural] = entry.split('|') as [string, string]
    return { singular, plural, group: group as WordGroup }
  }),
)

/** Brands and varieties: the title's second part ("Alfajor Havanna 70 g"). */
export const BRANDS: Record<WordGroup, string[]> = {
  almacen: ['Arcor', 'Marolio', 'La Serenísima', 'Taragüí', 'Terrabusi', 'Molto', 'Natura'],
  panaderia: ['casero', 'de manteca', 'artesanal', 'integral', 'de grasa', 'relleno', 'clásico'],
  verduleria: ['fresco', 'de estación', 'orgánico', 'seleccionado', 'del Mercado Central'],
  carniceria: ['de nalga', 'de cerdo', 'criollo', 'premium', 'para la parrilla', 'casero'],
  bebidas: [
    'Quilmes',
    'Coca-Cola',
    'Villavicencio',
    'Branca',
    'Cepita',
    'Trapiche',
    'Saenz Briones',
  ],
  farmacia: ['Bayer', 'Actron', 'Dove', 'Colgate', 'Off', 'Johnson', 'Pampers', 'genérico'],
}

/** Sizes: the title's last part. */
export const SIZES: Record<WordGroup, string[]> = {
  almacen: ['500 g', '1 kg', '250 g', 'x 6', 'x 3', '1 L', '400 g'],
  panaderia: ['x 12', 'x 6', '1 kg', '500 g', 'por unidad', 'x 1/2 docena'],
  verduleria: ['1 kg', '500 g', 'por unidad', '2 kg', 'bolsa 3 kg'],
  carniceria: ['1 kg', '500 g', 'x 4', '2 kg'],
  bebidas: ['2,25 L', '473 ml', '750 ml', '1 L', '1,5 L', 'x 6'],
  farmacia: ['400 mg x 10', '500 mg x 20', '250 ml', '100 g', 'x 20', 'x 36', '60 ml'],
}

/** What the store names of each group start with ("Farmacia La Esquina"). */
export const SHOP_PREFIXES: Record<WordGroup, string> = {
  almacen: 'Almacén',
  panaderia: 'Panadería',
  verduleria: 'Verdulería',
  carniceria: 'Carnicería',
  bebidas: 'Bebidas',
  farmacia: 'Farmacia',
}
export const SHOP_NAMES = [
  'La Esquina',
  'Don José',
  'San Martín',
  'del Barrio',
  'Los Andes',
  'La Estrella',
  'El Progreso',
  'Central',
  'Belgrano',
  'La Nueva',
]

/** Share of the shops per group, in tenths: 3 almacén, 2 farmacia, 2 panadería, 1 each other. */
export const GROUP_OF_TENTH: WordGroup[] = [
  'almacen',
  'almacen',
  'almacen',
  'farmacia',
  'farmacia',
  'panaderia',
  'panaderia',
  'verduleria',
  'carniceria',
  'bebidas',
]

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')

/** A key next to each letter on a QWERTY keyboard, for typos that keep the word's length. */
const NEIGHBOUR: Record<string, string> = {
  a: 's',
  b: 'v',
  c: 'x',
  d: 'f',
  e: 'r',
  f: 'g',
  g: 'h',
  h: 'j',
  i: 'o',
  j: 'k',
  k: 'l',
  l: 'k',
  m: 'n',
  n: 'm',
  o: 'p',
  p: 'o',
  q: 'w',
  r: 't',
  s: 'd',
  t: 'r',
  u: 'y',
  v: 'b',
  w: 'e',
  x: 'z',
  y: 'u',
  z: 'x',
}

/**
 * One typo in the longest word, when it has 5+ letters (shorter words get no typo budget:
 * decision 042): from 6 letters its middle letter dropped ("alfajor" → "alfjor"); at 5 letters
 * (where a dropped letter would leave 4, with no budget) the middle letter replaced by a key
 * next to it ("yerba" → "yetba"). Null when no word is long enough.
 */
function typo(text: string): string | null {
  const parts = text.split(' ')
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a))
  if (longest.length < 5) return null
  const cut = Math.floor(longest.length / 2)
  const wrong =
    longest.length >= 6
      ? longest.slice(0, cut) + longest.slice(cut + 1)
      : longest.slice(0, cut) + (NEIGHBOUR[longest[cut]!] ?? 'x') + longest.slice(cut + 1)
  return parts.map((p) => (p === longest ? wrong : p)).join(' ')
}

export type QueryKind = 'singular' | 'plural' | 'no accents' | 'typo'
export type Query = { text: string; kind: QueryKind }

/** Every query of the list: each word singular, plural, without accents (when it has some), with one typo (5+ letters). */
export const QUERIES: Query[] = WORDS.flatMap((w) => {
  const out: Query[] = [
    { text: w.singular, kind: 'singular' },
    { text: w.plural, kind: 'plural' },
  ]
  if (fold(w.singular) !== w.singular) out.push({ text: fold(w.singular), kind: 'no accents' })
  else if (fold(w.plural) !== w.plural) out.push({ text: fold(w.plural), kind: 'no accents' })
  const wrong = typo(fold(w.singular))
  if (wrong) out.push({ text: wrong, kind: 'typo' })
  return out
})
