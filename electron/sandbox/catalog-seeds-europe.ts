import type { Seed } from './catalog';

/** The training catalog's European packages: each hotel's price of one night for one adult, in minor units. */
export const EUROPE_SEEDS: Seed[] = [
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
];
