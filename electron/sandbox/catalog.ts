/**
 * The training catalog: packages a new agent can recognise, in several currencies (JPY has no minor
 * unit), with prices that move with the season, the weekday, the length of stay and the occupancy.
 */

export interface CatalogProperty {
  id: number;
  name: string;
  /** Price of one night for one adult, in minor units of the package's currency (yen for JPY). */
  baseNightly: number;
}

export interface CatalogPackage {
  id: number;
  title: string;
  currency: string;
  properties: CatalogProperty[];
}

type Seed = [title: string, currency: string, hotels: [name: string, nightly: number][]];

const SEEDS: Seed[] = [
  [
    'Lisbon City Break',
    'EUR',
    [
      ['Hotel Alfama Palace', 9500],
      ['Baixa Boutique Rooms', 7200],
      ['Belém Riverside Suites', 12400],
    ],
  ],
  [
    'Porto Wine & Riverside',
    'EUR',
    [
      ['Ribeira Quay Hotel', 8800],
      ['Vila Nova Cellars Inn', 7600],
    ],
  ],
  [
    'Barcelona Gaudí Weekend',
    'EUR',
    [
      ['Eixample Modernista Hotel', 11200],
      ['Gothic Quarter Casa', 9300],
      ['Barceloneta Beach Hotel', 13800],
    ],
  ],
  [
    'Madrid Museums & Tapas',
    'EUR',
    [
      ['Gran Vía Grand', 10400],
      ['Prado Art Hotel', 9700],
    ],
  ],
  [
    'Seville Flamenco Nights',
    'EUR',
    [
      ['Triana Patio Hotel', 8100],
      ['Alcázar Gardens Inn', 9900],
    ],
  ],
  [
    'Paris Romantic Getaway',
    'EUR',
    [
      ['Hôtel Saint-Germain', 16500],
      ['Le Marais Maison', 14200],
      ['Montmartre Atelier', 11900],
      ['Opéra Grand Hôtel', 21000],
    ],
  ],
  [
    'Côte d’Azur Riviera Escape',
    'EUR',
    [
      ['Nice Promenade Hotel', 15800],
      ['Cannes Croisette Palace', 24500],
      ['Antibes Old Town Inn', 12300],
    ],
  ],
  [
    'Provence Lavender Fields',
    'EUR',
    [
      ['Gordes Stone Mas', 13700],
      ['Aix Fountain Hotel', 11800],
    ],
  ],
  [
    'Amalfi Coast Escape',
    'EUR',
    [
      ['Positano Cliffside Hotel', 22000],
      ['Ravello Villa Gardens', 19500],
      ['Amalfi Harbour Rooms', 13200],
    ],
  ],
  [
    'Rome Eternal City Tour',
    'EUR',
    [
      ['Trastevere Courtyard Hotel', 12600],
      ['Spanish Steps Residence', 17800],
      ['Vatican View Inn', 11100],
    ],
  ],
  [
    'Florence Renaissance Art',
    'EUR',
    [
      ['Duomo Palazzo Hotel', 15200],
      ['Oltrarno Artisan Rooms', 10900],
    ],
  ],
  [
    'Venice Canals & Islands',
    'EUR',
    [
      ['Grand Canal Palazzo', 23800],
      ['Cannaregio Quiet Rooms', 13600],
      ['Lido Beach Hotel', 14900],
    ],
  ],
  [
    'Tuscany Vineyard Retreat',
    'EUR',
    [
      ['Chianti Wine Estate', 17200],
      ['Siena Medieval Inn', 11700],
      ['Montepulciano Agriturismo', 12800],
    ],
  ],
  [
    'Santorini Sunset Islands',
    'EUR',
    [
      ['Oia Caldera Suites', 26500],
      ['Fira Cliff Hotel', 18900],
      ['Kamari Beach Resort', 13400],
    ],
  ],
  [
    'Athens Acropolis Discovery',
    'EUR',
    [
      ['Plaka Heritage Hotel', 10200],
      ['Syntagma Grand', 13900],
    ],
  ],
  [
    'Crete Family Beach Holiday',
    'EUR',
    [
      ['Chania Harbour Resort', 11600],
      ['Elounda Bay Villas', 19800],
      ['Rethymno Family Club', 9800],
    ],
  ],
  [
    'Dubrovnik Old Town Walls',
    'EUR',
    [
      ['Stradun Palace Hotel', 16400],
      ['Lapad Bay Hotel', 12100],
    ],
  ],
  [
    'Vienna Imperial Waltz',
    'EUR',
    [
      ['Ringstrasse Imperial', 18600],
      ['Naschmarkt Design Hotel', 11300],
    ],
  ],
  [
    'Prague Bohemian Christmas Markets',
    'EUR',
    [
      ['Old Town Square Hotel', 9600],
      ['Malá Strana Residence', 10800],
    ],
  ],
  [
    'Amsterdam Canals by Bike',
    'EUR',
    [
      ['Jordaan Canal House', 14700],
      ['Museumplein Hotel', 15900],
    ],
  ],
  [
    'Iceland Northern Lights',
    'EUR',
    [
      ['Reykjavík Harbour Hotel', 19900],
      ['Golden Circle Lodge', 17400],
      ['Vík Black Sand Cabins', 15600],
    ],
  ],
  [
    'Norwegian Fjords Cruise & Stay',
    'EUR',
    [
      ['Bergen Bryggen Hotel', 17800],
      ['Geiranger Fjord Lodge', 21500],
    ],
  ],
  [
    'Zürich Lakeside & Alps',
    'CHF',
    [
      ['Zürichsee Grand', 24800],
      ['Altstadt Boutique Zürich', 18200],
    ],
  ],
  [
    'Swiss Alps Ski Week',
    'CHF',
    [
      ['Zermatt Matterhorn Chalet', 32500],
      ['St. Moritz Palace', 41000],
      ['Verbier Slope Lodge', 27600],
      ['Grindelwald Eiger Inn', 21900],
    ],
  ],
  [
    'London Theatre Weekend',
    'GBP',
    [
      ['Covent Garden Hotel', 17900],
      ['South Bank Riverside', 14600],
      ['Bloomsbury Townhouse', 12200],
    ],
  ],
  [
    'Edinburgh Festival Fringe',
    'GBP',
    [
      ['Royal Mile Residence', 13800],
      ['New Town Georgian Hotel', 15200],
    ],
  ],
  [
    'Scottish Highlands Whisky Trail',
    'GBP',
    [
      ['Speyside Distillery Lodge', 12900],
      ['Loch Ness Shore Inn', 10700],
      ['Isle of Skye Croft', 11400],
    ],
  ],
  [
    'Cornwall Coastal Cottages',
    'GBP',
    [
      ['St Ives Harbour Cottage', 11800],
      ['Padstow Seafood Inn', 12600],
    ],
  ],
  [
    'New York City Lights',
    'USD',
    [
      ['Midtown Skyline Hotel', 28900],
      ['SoHo Loft Hotel', 32400],
      ['Brooklyn Bridge Inn', 21700],
    ],
  ],
  [
    'California Coast Road Trip',
    'USD',
    [
      ['Big Sur Cliff Lodge', 34500],
      ['Santa Barbara Mission Inn', 25800],
      ['San Francisco Bay Hotel', 27900],
    ],
  ],
  [
    'Hawaii Maui Beach Resort',
    'USD',
    [
      ['Wailea Oceanfront Resort', 41200],
      ['Lahaina Harbor Hotel', 26300],
      ['Hana Rainforest Lodge', 29700],
    ],
  ],
  [
    'Cancún Caribbean All Inclusive',
    'USD',
    [
      ['Hotel Zone Grand Resort', 23800],
      ['Playa del Carmen Beach Club', 19600],
      ['Tulum Eco Cabañas', 17900],
    ],
  ],
  [
    'Costa Rica Rainforest Adventure',
    'USD',
    [
      ['Arenal Volcano Lodge', 16800],
      ['Manuel Antonio Treehouse', 19200],
    ],
  ],
  [
    'Peru Machu Picchu Trek',
    'USD',
    [
      ['Cusco Colonial Hotel', 12400],
      ['Aguas Calientes Lodge', 15800],
      ['Sacred Valley Hacienda', 14300],
    ],
  ],
  [
    'Kyoto Temples & Gardens',
    'JPY',
    [
      ['Gion Ryokan', 38000],
      ['Arashiyama Bamboo Inn', 29000],
      ['Kyoto Station Hotel', 21000],
    ],
  ],
  [
    'Tokyo Neon Nights',
    'JPY',
    [
      ['Shinjuku Sky Hotel', 32000],
      ['Asakusa Heritage Inn', 19500],
      ['Ginza Luxury Suites', 58000],
      ['Shibuya Capsule Deluxe', 9800],
    ],
  ],
  [
    'Hokkaido Powder Snow',
    'JPY',
    [
      ['Niseko Ski Lodge', 42000],
      ['Sapporo Snow Festival Hotel', 24000],
    ],
  ],
  [
    'Osaka Street Food Tour',
    'JPY',
    [
      ['Dotonbori Riverside Hotel', 18500],
      ['Osaka Castle View', 22500],
    ],
  ],
  [
    'Bali Island Spa Retreat',
    'USD',
    [
      ['Ubud Jungle Spa Villas', 18900],
      ['Seminyak Beach Resort', 21400],
      ['Nusa Dua Lagoon Hotel', 24700],
    ],
  ],
  [
    'Thailand Phuket Beaches',
    'USD',
    [
      ['Patong Bay Hotel', 11200],
      ['Kata Noi Cliff Resort', 16900],
      ['Phi Phi Island Bungalows', 13800],
    ],
  ],
  [
    'Maldives Overwater Villas',
    'USD',
    [
      ['Coral Atoll Water Villas', 78000],
      ['Lagoon Pearl Resort', 61000],
    ],
  ],
  [
    'Sydney Harbour & Beaches',
    'AUD',
    [
      ['Circular Quay Harbour Hotel', 29900],
      ['Bondi Beach Apartments', 22800],
    ],
  ],
  [
    'Great Barrier Reef Diving',
    'AUD',
    [
      ['Cairns Reef Hotel', 19600],
      ['Port Douglas Lagoon Resort', 24400],
      ['Whitsunday Island Lodge', 31200],
    ],
  ],
  [
    'Marrakech Medina & Desert',
    'EUR',
    [
      ['Riad Jardin Secret', 9800],
      ['Atlas Mountains Kasbah', 11600],
      ['Agafay Desert Camp', 13900],
    ],
  ],
  [
    'Cape Town Safari & Winelands',
    'USD',
    [
      ['Table Mountain View Hotel', 17600],
      ['Stellenbosch Wine Lodge', 15900],
      ['Kruger Bush Camp', 38500],
    ],
  ],
  [
    'Istanbul Bazaars & Bosphorus',
    'EUR',
    [
      ['Sultanahmet Heritage Hotel', 10600],
      ['Bosphorus Waterfront Palace', 21800],
    ],
  ],
];

/** The catalog, with stable ids (package n has properties n*100+1…). */
export const CATALOG: readonly CatalogPackage[] = SEEDS.map(([title, currency, hotels], index) => {
  const id = index + 1;
  return {
    id,
    title,
    currency,
    properties: hotels.map(([name, baseNightly], position) => ({ id: id * 100 + position + 1, name, baseNightly })),
  };
});

const byId = new Map(CATALOG.map((entry) => [entry.id, entry]));
export const findPackage = (id: number): CatalogPackage | undefined => byId.get(id);

/** Folds case and accents so "cote d'azur" finds "Côte d’Azur". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

/** Every word of the query must appear somewhere in the title, in any order. An empty query lists all. */
export function searchCatalog(query: string): CatalogPackage[] {
  const words = foldForSearch(query)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return CATALOG.filter((entry) => {
    const title = foldForSearch(entry.title);
    return words.every((word) => title.includes(word));
  });
}
