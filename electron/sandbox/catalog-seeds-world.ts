import type { Seed } from './catalog';

/** The training catalog's packages beyond Europe, in their own currencies (JPY has no minor unit). */
export const WORLD_SEEDS: Seed[] = [
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
