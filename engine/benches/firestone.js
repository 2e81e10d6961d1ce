// The Firestone side-by-side for issue #29: the mirror board's seven creatures as minions with
// no text (the same attack and life, side by side on both lines), the ogre with windfury for
// Fury, played by the Firestone Battlegrounds simulator in one node thread, Monte Carlo style
// (its own template clone per battle). Not run by CI: it needs node and the simulator's package.
//
//   mkdir /tmp/firestone && cp engine/benches/firestone.js /tmp/firestone/ && cd /tmp/firestone
//   npm init -y && npm install @firestone-hs/simulate-bgs-battle
//   node firestone.js 20000      # prints battles per second
//
// Run it interleaved with `mirror --board mirror` (engine/benches/mirror.rs) on an idle
// machine: the ratio of the two rates is the figure the issue names. The mirror runs on one
// thread and one core; node runs the simulation on one thread, but its garbage collector has
// helper threads that take about a sixth of a second core (`time` shows 116% CPU). One core
// each, the like-for-like figure, is both pinned to the same core:
//
//   taskset -c 0 node firestone.js 20000
//   taskset -c 0 BENCH --board mirror
//
// Report the ratio with node free to use the second core as well (unpinned): it is the lower.
const sim = require('@firestone-hs/simulate-bgs-battle');
const ref = require('@firestone-hs/reference-data');
const { CardsData } = require('@firestone-hs/simulate-bgs-battle/dist/cards/cards-data');

const battles = parseInt(process.argv[2] || '20000', 10);
// Knight, Mage, Ogre, Drummer, Wolf, Troll, Scarecrow: attack and life.
const stats = [[2, 6], [1, 4], [3, 6], [1, 4], [2, 3], [2, 6], [1, 5]];
const OGRE = 2;

// Made-up card ids: the card database is given the seven minions and nothing else.
const cardList = stats.map(([attack, health], i) => ({
  id: `SF_${i}`, dbfId: 900000 + i, name: `M${i}`, attack, health, type: 'Minion', techLevel: 1, races: [],
}));
const cards = new ref.AllCardsService();
cards.initializeCardsDbFromCards(cardList);
sim.assignCards(cards);

let nextEntity = 1;
const line = (friendly) => stats.map(([attack, health], i) => ({
  entityId: nextEntity++, cardId: `SF_${i}`, attack, health, maxHealth: health, friendly,
  windfury: i === OGRE, enchantments: [],
}));
const hero = (friendly) => ({
  cardId: 'TB_BaconShop_HERO_01', hpLeft: 40, tavernTier: 6, heroPowers: [], questEntities: [],
  friendly, entityId: nextEntity++, globalInfo: {},
});
const input = (n) => ({
  playerBoard: { player: hero(true), board: line(true) },
  opponentBoard: { player: hero(false), board: line(false) },
  options: {
    numberOfSimulations: n, maxAcceptableDuration: 1e9, skipInfoLogs: true,
    includeOutcomeSamples: false, intermediateResults: 0, validTribes: [],
  },
  gameState: { currentTurn: 10, validTribes: [], anomalies: [] },
});
const cardsData = new CardsData(cards, false);
cardsData.inititialize([], []);

const run = (n) => {
  const steps = sim.simulateBattle(input(n), cards, cardsData);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
};

run(2000); // warm-up: the JIT compiles the hot path first
const started = process.hrtime.bigint();
const result = run(battles);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`firestone: ${battles} battles in ${seconds.toFixed(3)} s = ${(battles / seconds).toFixed(0)} battles/s `
  + `(won ${result.won} tied ${result.tied} lost ${result.lost})`);
