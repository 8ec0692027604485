// The demo's live article: election night in Calder Bay, covered live and ended, as a
// complete record (docs: issue "Live coverage"). Pure data; seed.server.ts writes it.

export const DEMO_LIVE_ARTICLE = {
  title: 'Election night in Calder Bay: live results as they came in',
  excerpt:
    'Mayor, council and the harbour bond measure: every count, speech and surprise from election night, as it happened.',
  category: 'Politics' as const,
  topic: 'the city election',
  /** Publication, before the first entry. */
  daysAgo: 4,
  summary:
    'Ines Okafor won the mayoralty by 1,204 votes; the harbour bond passed with 58 %. Two council seats changed hands. Turnout was 61 %, the highest for a city election since 1998.',
}

export interface DemoLiveEntry {
  /** Minutes after coverage started. */
  at: number
  headline?: string
  text: string
  isKeyEvent?: boolean
  isPinned?: boolean
}

export const DEMO_LIVE_ENTRIES: DemoLiveEntry[] = [
  {
    at: 0,
    text: 'Good evening from City Hall, where polls close in one hour. We will follow every count tonight.',
  },
  { at: 6, text: 'Queues are still out of the door at the Harbour Street library polling place.' },
  { at: 15, text: 'The county clerk says turnout had passed 50 % by 6 p.m., already above 2022.' },
  {
    at: 31,
    headline: 'Polls extended at two sites',
    text: 'A judge has ordered two polling places in Eastgate to stay open 45 minutes longer after a morning power cut.',
    isKeyEvent: true,
  },
  {
    at: 44,
    text: 'Both mayoral campaigns have asked supporters to stay in line: anyone in the queue at closing time can vote.',
  },
  {
    at: 60,
    headline: 'Polls close',
    text: 'Polls are now closed across the city, except the two Eastgate sites.',
    isKeyEvent: true,
  },
  { at: 72, text: 'First ballot boxes are arriving at the count in the convention centre.' },
  {
    at: 85,
    text: 'Early postal votes are being counted first. They tend to lean older and toward the incumbent.',
  },
  {
    at: 98,
    headline: 'First results: postal votes',
    text: 'Postal votes, about a third of the total: Marsh 52 %, Okafor 46 %, others 2 %.',
    isKeyEvent: true,
  },
  {
    at: 110,
    text: 'The Okafor campaign says it expected to trail on postal votes and is "very confident" about the day\'s count.',
  },
  { at: 121, text: 'The harbour bond is ahead 56 % to 44 % on postal votes alone.' },
  {
    at: 135,
    text: 'Our reporter at the Marsh party describes a quiet room; the band has stopped playing.',
  },
  {
    at: 149,
    headline: 'Eastgate closes',
    text: 'The last two polling places have closed. Counting there begins now.',
  },
  { at: 162, text: 'Ward 3 is the first full ward to report: Okafor 55 %, Marsh 43 %.' },
  {
    at: 170,
    text: 'Council, Ward 3: newcomer Dae-jung Park unseats the four-term councillor Ron Albee.',
    isKeyEvent: true,
  },
  { at: 184, text: 'With 40 % of precincts reporting the mayoral race is level: 49.6 % each.' },
  { at: 196, text: "Turnout looks set to pass 60 %, the clerk's office says." },
  {
    at: 209,
    headline: 'Okafor takes the lead',
    text: 'With 58 % reporting, Okafor leads by 640 votes.',
    isKeyEvent: true,
  },
  { at: 221, text: 'A recount can be requested if the margin is under 0.5 %. It is 0.9 % now.' },
  { at: 233, text: 'Council, Ward 5: Maria Santos holds her seat comfortably.' },
  { at: 246, text: "The harbour bond's lead grows to 58 % with three quarters of the count in." },
  {
    at: 258,
    headline: 'Harbour bond passes',
    text: 'The county clerk calls the harbour bond: it passes, with about 58 % in favour. Work on the sea wall can start next spring.',
    isKeyEvent: true,
  },
  { at: 270, text: 'Supporters of the bond are singing on the steps of the convention centre.' },
  { at: 283, text: 'With 90 % reporting, Okafor leads by 1,050 votes.' },
  {
    at: 295,
    text: "Council, Ward 7: the seat changes hands, to the Greens' Lena Holt by 212 votes.",
    isKeyEvent: true,
  },
  {
    at: 304,
    headline: 'Marsh concedes',
    text: 'Mayor Marsh has called Ines Okafor to concede. "The city has chosen, and I wish her every success," he told supporters.',
    isKeyEvent: true,
  },
  {
    at: 312,
    headline: 'Okafor wins',
    text: "Ines Okafor is elected mayor of Calder Bay by 1,204 votes, the city's first new mayor in twelve years.",
    isKeyEvent: true,
    isPinned: true,
  },
  {
    at: 320,
    text: 'Okafor in her speech: "Tomorrow we start on the sea wall, the buses and the rents. Tonight, thank you."',
  },
  { at: 331, text: 'Final turnout: 61 %, the highest for a city election since 1998.' },
  {
    at: 340,
    text: 'That is all from us tonight. Full results and analysis are on our Politics page in the morning.',
  },
]
