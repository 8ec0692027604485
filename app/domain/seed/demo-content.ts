import { escapeHtml } from '~/lib/html'
import { DEMO_BODIES } from './demo-bodies'

/**
 * Demo content for a fresh install: the fictional city of Calder Bay and its newspaper.
 * Pure data plus a deterministic body builder, so every install shows the same site and a
 * screenshot taken today still matches tomorrow's.
 */

export const DEMO_CITY = 'Calder Bay'

export const DEMO_CATEGORIES = [
  {
    name: 'Politics',
    description:
      'City hall, the county board and the state capitol, and what their decisions mean for Calder Bay.',
  },
  {
    name: 'Business',
    description:
      'Local companies, jobs, housing and the regional economy, explained for the people who live in it.',
  },
  {
    name: 'Technology',
    description:
      'How software, networks and devices are changing work, schools and public services across the region.',
  },
  {
    name: 'Science',
    description:
      'Research from local labs and universities, plus the health, weather and wildlife stories of the bay.',
  },
  {
    name: 'Sports',
    description:
      'Scores, profiles and analysis from high school gyms to the Mariners’ ballpark on the waterfront.',
  },
  {
    name: 'Culture',
    description:
      'Arts, music, food, books and the people who make Calder Bay an interesting place to live.',
  },
  {
    name: 'World',
    description:
      'International news and the global stories that reach the docks, kitchens and classrooms of Calder Bay.',
  },
  {
    name: 'Opinion',
    description:
      'Editorials, columns and letters: the Broadsheet’s arguments, kept apart from its reporting.',
    // Reader revenue (issue 38): opinion is what members pay for.
    defaultAccess: 'members',
  },
] as const

export type DemoCategoryName = (typeof DEMO_CATEGORIES)[number]['name']

export const BREAKING_NEWS_TAG = 'Breaking News'

export const DEMO_TAGS = [
  BREAKING_NEWS_TAG,
  'City Council',
  'Elections',
  'Housing',
  'Transit',
  'Economy',
  'Startups',
  'Artificial Intelligence',
  'Climate',
  'Environment',
  'Health',
  'Education',
  'Weather',
  'Space',
  'Baseball',
  'Football',
  'Basketball',
  'High School Sports',
  'Music',
  'Film',
  'Food',
  'Books',
  'Trade',
  'Investigations',
] as const

export type DemoTagName = (typeof DEMO_TAGS)[number]
export type DemoStatus = 'draft' | 'review' | 'published' | 'archived' | 'hidden'

export interface DemoArticle {
  title: string
  excerpt: string
  /** A noun phrase the body builder weaves into its paragraphs ("the transit levy"). */
  topic: string
  category: DemoCategoryName
  tags: DemoTagName[]
  status: DemoStatus
  isFeatured?: boolean
  /** Set on video articles only; has_video is derived from it, so the two cannot disagree. */
  videoUrl?: string
  /** Age: publication time for published articles, creation time for the others. */
  daysAgo?: number
  hoursAgo?: number
  hasNoImage?: boolean
  /** What it asks of its reader (issue 38); else its category's default, else everyone. */
  access?: 'everyone' | 'registered' | 'members'
  /** A members story opened to everyone for now (a public-interest piece). */
  freeForNow?: boolean
}

export const DEMO_ARTICLES: DemoArticle[] = [
  // Politics
  {
    title: 'Mayor Okafor vetoes short-term rental ordinance hours after its passage',
    excerpt:
      'The veto, announced shortly after noon, sends the rental rules back to a council that passed them by a single vote last night.',
    topic: 'the short-term rental ordinance',
    category: 'Politics',
    tags: [BREAKING_NEWS_TAG, 'City Council', 'Housing'],
    status: 'published',
    hoursAgo: 2,
  },
  {
    title: 'Council sends $48 million transit levy to the November ballot',
    excerpt:
      'After a five-hour meeting, the City Council voted 6–3 to ask voters for a property-tax levy that would fund twelve new bus routes and late-night service.',
    topic: 'the transit levy',
    category: 'Politics',
    tags: ['City Council', 'Transit', 'Elections'],
    status: 'published',
    isFeatured: true,
    daysAgo: 1,
    hoursAgo: 6,
  },
  {
    title: 'Redistricting commission unveils a draft ward map',
    excerpt:
      'The proposed boundaries would give the fast-growing neighborhoods north of the Ashby River a second council seat and split Ridgeview for the first time.',
    topic: 'the draft ward map',
    category: 'Politics',
    tags: ['Elections', 'City Council'],
    status: 'published',
    daysAgo: 6,
  },
  {
    title: 'School board candidates square off over later start times',
    excerpt:
      'At a crowded forum in the Northgate High auditorium, six candidates disagreed sharply about pushing the first bell back to 8:45 a.m.',
    topic: 'later school start times',
    category: 'Politics',
    tags: ['Education', 'Elections'],
    status: 'published',
    daysAgo: 18,
    hasNoImage: true,
  },
  {
    title: 'What the state budget deal means for Calder Bay',
    excerpt:
      'More money for schools and road repair, less for libraries: a first look at the line items that matter locally.',
    topic: 'the state budget deal',
    category: 'Politics',
    tags: ['Economy', 'Education'],
    status: 'draft',
    daysAgo: 1,
  },
  {
    title: 'Inside the fight over the Harbourside parking garage',
    excerpt:
      'Emails obtained by the Broadsheet show how a routine parking contract became the most contested vote of the year.',
    topic: 'the Harbourside parking garage',
    category: 'Politics',
    tags: ['City Council', 'Investigations'],
    status: 'review',
    daysAgo: 2,
  },
  {
    title: 'Water main break closes the Ashby Street bridge',
    excerpt:
      'Crews expect the bridge to stay closed through the evening commute while they replace a ruptured 24-inch main.',
    topic: 'the Ashby Street water main',
    category: 'Politics',
    tags: [BREAKING_NEWS_TAG, 'Transit'],
    status: 'archived',
    daysAgo: 29,
  },

  // Business
  {
    title: 'Northgate steel fabricator Marlow Works to cut 300 jobs',
    excerpt:
      'The century-old company told employees this morning that it will close its second shift and move part of its production out of state.',
    topic: 'the Marlow Works layoffs',
    category: 'Business',
    tags: [BREAKING_NEWS_TAG, 'Economy'],
    status: 'published',
    daysAgo: 1,
    hoursAgo: 2,
  },
  {
    title: 'Rents climb 9 percent as the vacancy rate hits a decade low',
    excerpt:
      'A new survey of more than 14,000 apartments finds tenants in every neighborhood paying more, with the steepest increases near the new light-rail stops.',
    topic: 'rising rents',
    category: 'Business',
    tags: ['Housing', 'Economy'],
    status: 'published',
    daysAgo: 4,
    hoursAgo: 12,
  },
  {
    title: 'A family bakery on Elm Street marks a century of early mornings',
    excerpt:
      'Four generations of the Kowalczyk family have lit the ovens at 3 a.m. Their customers say the rye bread has not changed since 1926.',
    topic: 'the Kowalczyk bakery',
    category: 'Business',
    tags: ['Food'],
    status: 'published',
    daysAgo: 9,
  },
  {
    title: 'Port of Calder Bay posts record container volumes',
    excerpt:
      'Shipping lines rerouted around congested West Coast terminals pushed quarterly traffic up 18 percent, and port officials say the new berth is already too small.',
    topic: 'the port’s record volumes',
    category: 'Business',
    tags: ['Trade', 'Economy'],
    status: 'published',
    daysAgo: 15,
  },
  {
    title: 'Downtown office landlords turn to apartment conversions',
    excerpt:
      'With a third of downtown office space empty, two owners have filed plans to turn older towers into about 400 apartments.',
    topic: 'office-to-apartment conversions',
    category: 'Business',
    tags: ['Housing'],
    status: 'published',
    daysAgo: 23,
  },
  {
    title: 'Credit union merger would create the region’s largest lender',
    excerpt:
      'Bayshore Federal and Ashby County Credit Union announced a merger that needs the approval of members at both institutions.',
    topic: 'the credit union merger',
    category: 'Business',
    tags: ['Economy'],
    status: 'hidden',
    daysAgo: 27,
  },

  // Technology
  {
    title: 'City’s new 311 app promises faster pothole repairs',
    excerpt:
      'The app sorts residents’ photos with a machine-learning model and sends them straight to the right crew. Early numbers show repair times falling by a third.',
    topic: 'the new 311 app',
    category: 'Technology',
    tags: ['Artificial Intelligence', 'City Council'],
    status: 'published',
    isFeatured: true,
    daysAgo: 3,
    hoursAgo: 9,
  },
  {
    title: 'Library lends Wi-Fi hotspots to close the homework gap',
    excerpt:
      'The public library’s 600 hotspots have a waiting list of more than 1,100 families, most of them in the Flats and Elm Hollow.',
    topic: 'the hotspot lending program',
    category: 'Technology',
    tags: ['Education'],
    status: 'published',
    daysAgo: 8,
  },
  {
    title: 'Calder Bay startup raises $22 million to recycle electric-car batteries',
    excerpt:
      'Tidewater Cells will use the money to build a recovery plant on the old shipyard site, where it plans to hire 140 people by 2028.',
    topic: 'Tidewater Cells’ recycling plant',
    category: 'Technology',
    tags: ['Startups', 'Climate'],
    status: 'published',
    hoursAgo: 20,
  },
  {
    title: 'Hospital network restores systems after a ransomware attack',
    excerpt:
      'St. Brendan’s Health diverted ambulances for two days while its records system was offline. Patients are asking what data was taken.',
    topic: 'the ransomware attack on St. Brendan’s',
    category: 'Technology',
    tags: ['Health', 'Investigations'],
    status: 'published',
    daysAgo: 14,
  },
  {
    title: 'Teachers weigh AI tutors as the district launches a pilot',
    excerpt:
      'Twelve middle schools will try a chatbot tutor for math homework this semester. Some teachers are enthusiastic; others have asked to opt out.',
    topic: 'the AI tutoring pilot',
    category: 'Technology',
    tags: ['Artificial Intelligence', 'Education'],
    status: 'published',
    daysAgo: 21,
  },
  {
    title: 'Fiber rollout stalls in the Flats as a contractor dispute drags on',
    excerpt:
      'Half-finished conduit lines the sidewalks while the city and its contractor argue over who pays for delays.',
    topic: 'the stalled fiber rollout',
    category: 'Technology',
    tags: ['Economy'],
    status: 'draft',
    daysAgo: 3,
    hasNoImage: true,
  },

  // Science
  {
    title: 'Storm surge warning issued for Harbourside ahead of weekend nor’easter',
    excerpt:
      'Forecasters expect water levels two to three feet above normal high tide on Saturday night. The city has opened sandbag stations at four fire houses.',
    topic: 'the storm surge warning',
    category: 'Science',
    tags: [BREAKING_NEWS_TAG, 'Weather', 'Climate'],
    status: 'published',
    hoursAgo: 5,
  },
  {
    title: 'Oyster reefs return to the Ashby estuary after a decade of restoration',
    excerpt:
      'Volunteers have placed more than 90 tons of recycled shell in the estuary since 2016. This year, divers counted the first naturally settled oysters.',
    topic: 'the oyster reef restoration',
    category: 'Science',
    tags: ['Environment', 'Climate'],
    status: 'published',
    videoUrl: 'https://vimeo.com/76979871',
    daysAgo: 5,
  },
  {
    title: 'University team maps the bay’s warming waters with underwater drones',
    excerpt:
      'Researchers at Calder Bay University found bottom temperatures rising twice as fast as those at the surface, with consequences for lobster and cod.',
    topic: 'the underwater drone survey',
    category: 'Science',
    tags: ['Climate', 'Environment'],
    status: 'published',
    daysAgo: 10,
  },
  {
    title: 'Measles case confirmed at Westmere College, health officials say',
    excerpt:
      'The county health department is contacting about 300 students and staff who may have been exposed in a lecture hall and the campus dining center.',
    topic: 'the measles exposure',
    category: 'Science',
    tags: ['Health', 'Education'],
    status: 'published',
    daysAgo: 16,
  },
  {
    title: 'Amateur astronomers spot a new comet from the Ridge Observatory',
    excerpt:
      'Two members of the Calder Bay Astronomical Society caught the faint smudge on a long exposure. It should be visible in binoculars by March.',
    topic: 'the newly found comet',
    category: 'Science',
    tags: ['Space'],
    status: 'published',
    daysAgo: 26,
  },
  {
    title: 'Why the bay’s salt marshes are moving inland',
    excerpt:
      'Rising seas are pushing the marshes toward roads and backyards. Scientists say giving them room may be the cheapest flood defense available.',
    topic: 'the migrating salt marshes',
    category: 'Science',
    tags: ['Climate', 'Environment'],
    status: 'review',
    daysAgo: 4,
  },

  // Sports
  {
    title: 'Mariners clinch their first division title in 14 years',
    excerpt:
      'A two-run double in the eighth inning sent a sellout crowd at Pier Park into the night singing. Next stop: the league championship series.',
    topic: 'the Mariners’ division title',
    category: 'Sports',
    tags: ['Baseball'],
    status: 'published',
    isFeatured: true,
    videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    daysAgo: 1,
    hoursAgo: 14,
  },
  {
    title: 'Calder Bay FC signs a Brazilian midfielder ahead of the playoff push',
    excerpt:
      'Rafael Tenório, 26, arrives on loan from Porto Alegre with a reputation for set pieces and a mandate to fix a stalled attack.',
    topic: 'the Tenório signing',
    category: 'Sports',
    tags: ['Football'],
    status: 'published',
    daysAgo: 5,
    hoursAgo: 16,
  },
  {
    title: 'Northgate High’s girls basketball team is undefeated. Nobody is surprised.',
    excerpt:
      'The Hawks have won 19 straight games by an average of 23 points, and their coach says the best is still ahead of them.',
    topic: 'the Hawks’ unbeaten season',
    category: 'Sports',
    tags: ['Basketball', 'High School Sports'],
    status: 'published',
    daysAgo: 11,
  },
  {
    title: 'Marathon organizers reroute the course away from the waterfront',
    excerpt:
      'Construction on the seawall forced a new route through Elm Hollow and Ridgeview, adding two hills runners are already complaining about.',
    topic: 'the new marathon route',
    category: 'Sports',
    tags: ['Transit'],
    status: 'published',
    daysAgo: 19,
  },
  {
    title: 'Stadium lease talks resume as the Mariners’ deadline nears',
    excerpt:
      'The team wants the city to pay for half of a $210 million renovation of Pier Park. The city wants a longer lease in return.',
    topic: 'the Pier Park lease talks',
    category: 'Sports',
    tags: ['Baseball', 'City Council', 'Economy'],
    status: 'published',
    daysAgo: 28,
  },
  {
    title: 'Season preview: five questions for the Calder Bay FC defense',
    excerpt:
      'A new goalkeeper, an aging captain and a coach who likes to press high. What could go wrong?',
    topic: 'the Calder Bay FC back line',
    category: 'Sports',
    tags: ['Football'],
    status: 'draft',
    hoursAgo: 6,
  },

  // Culture
  {
    title: 'Harbour Lights festival draws record crowds to the waterfront',
    excerpt:
      'An estimated 85,000 people came for three nights of music, lanterns and food trucks, and organizers are already talking about a fourth.',
    topic: 'the Harbour Lights festival',
    category: 'Culture',
    tags: ['Music', 'Food'],
    status: 'published',
    isFeatured: true,
    videoUrl: 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
    daysAgo: 3,
    hoursAgo: 2,
  },
  {
    title: 'The Alder Theatre reopens after a three-year restoration',
    excerpt:
      'The 1927 movie palace has its plaster ceiling back, a new projection booth and, for the first time, an elevator to the balcony.',
    topic: 'the Alder Theatre restoration',
    category: 'Culture',
    tags: ['Film'],
    status: 'published',
    daysAgo: 7,
  },
  {
    title: 'A new cookbook tells the city’s story through its immigrant kitchens',
    excerpt:
      'Forty recipes, forty families: from Cape Verdean cachupa to Hmong sausage, “Bay Tables” is a history book you can cook from.',
    topic: 'the “Bay Tables” cookbook',
    category: 'Culture',
    tags: ['Food', 'Books'],
    status: 'published',
    daysAgo: 13,
    // For readers with a free account (issue 38's demo of the registered level).
    access: 'registered',
  },
  {
    title: 'Jazz at the Lantern Room: a Tuesday night institution turns 40',
    excerpt:
      'The basement club has hosted a jam session every Tuesday since 1986. Regulars say it is where the city’s musicians learn to listen.',
    topic: 'the Lantern Room jam session',
    category: 'Culture',
    tags: ['Music'],
    status: 'published',
    daysAgo: 20,
  },
  {
    title: 'Local filmmakers premiere a documentary about the 1978 mill strike',
    excerpt:
      '“Eleven Weeks” draws on interviews with thirty former strikers and their children, and on footage thought lost for decades.',
    topic: 'the mill strike documentary',
    category: 'Culture',
    tags: ['Film', 'Books'],
    status: 'published',
    daysAgo: 25,
  },
  {
    title: 'Museum returns a carved canoe to the Ashby River Nation',
    excerpt:
      'After years of talks, the Calder Bay Museum of History will hand the 200-year-old canoe back at a ceremony on the riverbank.',
    topic: 'the canoe repatriation',
    category: 'Culture',
    tags: ['Books'],
    status: 'hidden',
    daysAgo: 12,
  },

  // World
  {
    title: 'Sister-city delegation from Valparaíso tours the port',
    excerpt:
      'Chilean port officials spent two days comparing notes on automation, dredging and the cost of keeping older cranes running.',
    topic: 'the Valparaíso delegation',
    category: 'World',
    tags: ['Trade'],
    status: 'published',
    daysAgo: 2,
    hoursAgo: 10,
  },
  {
    title: 'Grain prices jump after a Black Sea shipping disruption, squeezing local bakers',
    excerpt:
      'Wheat futures rose 11 percent in a week. Bakeries and pizzerias in Calder Bay say they will absorb the cost for now, but not for long.',
    topic: 'the grain price spike',
    category: 'World',
    tags: ['Trade', 'Economy', 'Food'],
    status: 'published',
    daysAgo: 4,
  },
  {
    title: 'Calder Bay volunteers return from a flood relief mission in Bangladesh',
    excerpt:
      'Nine nurses and engineers spent a month helping to restore clean water in villages along the Jamuna River.',
    topic: 'the flood relief mission',
    category: 'World',
    tags: ['Health', 'Climate'],
    status: 'published',
    daysAgo: 9,
    hoursAgo: 18,
  },
  {
    title: 'Climate summit ends with a pledge on shipping emissions',
    excerpt:
      'Forty countries agreed to a timetable for cleaner ship fuels. The port of Calder Bay says it is already building shore power for visiting vessels.',
    topic: 'the shipping emissions pledge',
    category: 'World',
    tags: ['Climate', 'Trade'],
    status: 'published',
    daysAgo: 17,
  },
  {
    title: 'A refugee family finds its footing in Northgate a year after arriving',
    excerpt:
      'The Haidari family left Kabul with two suitcases. A year later, the father drives a city bus and the children are on the honor roll.',
    topic: 'the family’s first year',
    category: 'World',
    tags: ['Housing', 'Education'],
    status: 'published',
    daysAgo: 22,
    hasNoImage: true,
  },
  {
    title: 'European rail operators eye a Calder Bay firm’s signalling software',
    excerpt:
      'Railbright, a 60-person company in the old cannery, is in talks with operators in three countries about its collision-avoidance system.',
    topic: 'Railbright’s signalling software',
    category: 'World',
    tags: ['Trade', 'Startups'],
    status: 'review',
    daysAgo: 1,
  },
  {
    title: 'Global chip shortage eases for local manufacturers',
    excerpt:
      'Lead times for microcontrollers have fallen from a year to about ten weeks, and three Calder Bay factories have restored full shifts.',
    topic: 'the easing chip shortage',
    category: 'World',
    tags: ['Trade', 'Economy'],
    status: 'archived',
    daysAgo: 30,
  },
  // Opinion: for members (the category's default), one free for now before the levy vote.
  {
    title: 'The transit levy is worth every cent',
    excerpt:
      'Twelve new routes and buses until 1 a.m. would change who can work, study and stay out in Calder Bay. Vote yes in November.',
    topic: 'the transit levy',
    category: 'Opinion',
    tags: ['Transit', 'Elections'],
    status: 'published',
    daysAgo: 1,
    freeForNow: true,
  },
  {
    title: 'Calder Bay cannot zone its way out of the housing shortage alone',
    excerpt:
      'The council’s rezoning plan is a start. Without money for the homes people here can afford, it will mostly build for people who do not live here yet.',
    topic: 'the rezoning plan',
    category: 'Opinion',
    tags: ['Housing', 'City Council'],
    status: 'published',
    daysAgo: 3,
  },
  {
    title: 'Why we still print the Friday paper',
    excerpt:
      'Every week someone asks why a newspaper still buys ink. Our answer has less to do with nostalgia than with who reads us.',
    topic: 'the Friday print edition',
    category: 'Opinion',
    tags: [],
    status: 'published',
    daysAgo: 5,
  },
]

// ---------------------------------------------------------------------------------------------
// Body builder
// ---------------------------------------------------------------------------------------------

interface Section {
  heading: string
  paragraphs: string[]
}

interface BodyPool {
  intros: string[]
  sections: Section[]
  lists: { lead: string; ordered: boolean; items: string[] }[]
  quotes: { text: string; who: string }[]
  closings: string[]
  /** `{0}` and `{1}` mark where the two links go. */
  sources: { text: string; links: [string, string][] }[]
}

const SHARED_SECTIONS: Section[] = [
  {
    heading: 'Why it matters',
    paragraphs: [
      'It is easy to treat {topic} as one more headline in a busy season. But conversations with residents, business owners and officials over the past two weeks suggest it touches questions that reach well beyond a single decision: who pays, who benefits, and who gets a say when the city changes.',
      'Those questions are not new in {city}. The city has grown by nearly 40,000 people since the last census, and many of the institutions that served a smaller, quieter place are being asked to stretch. How they respond now will be watched closely by the neighborhoods that feel they have been overlooked before.',
    ],
  },
  {
    heading: 'The view from the neighborhoods',
    paragraphs: [
      'In Elm Hollow, where many families have lived for three generations, reaction was cautious. “We’ve heard big promises before,” said a longtime resident outside the branch library on Saturday morning. “I’ll believe it when I see it, but I’m glad someone is finally talking about it.”',
      'Across the river in Northgate, newer residents sounded more openly hopeful. Several said they had moved to the city in part because it seemed to be changing, and that they wanted a hand in shaping that change rather than watching it from the sidelines.',
    ],
  },
  {
    heading: 'What happens next',
    paragraphs: [
      'Officials said more details would be released in the coming weeks, including a timeline and a firmer estimate of costs. Several people interviewed for this story said they would wait for those figures before making up their minds about {topic}.',
      'The Broadsheet will keep reporting on {topic}. Readers with questions, documents or first-hand experience they would like to share can reach the newsroom at newsroom@example.org or leave a message on the tip line.',
    ],
  },
]

// Opinion has no pool of its own: its benchmark articles draw on Politics' (buildArticleBody).
const POOLS: Record<Exclude<DemoCategoryName, 'Opinion'>, BodyPool> = {
  Politics: {
    intros: [
      'The debate over {topic} has been building for months at City Hall, where council members have traded memos, amendments and the occasional sharp word. This week it moved out of the committee rooms and into public view, and the people who will live with the outcome began to pay attention.',
      'Few issues have divided {city}’s political class as neatly as {topic}. Supporters describe it as overdue housekeeping for a growing city; critics call it a rushed answer to a question residents never asked. Both sides agree the decision will outlast the current council.',
      'For residents who follow local government only at election time, {topic} may seem like inside baseball. But the choices being made now will shape tax bills, bus schedules and neighborhood streets for a decade, according to officials on both sides of the question.',
    ],
    sections: [
      {
        heading: 'How we got here',
        paragraphs: [
          'The idea first surfaced in a budget workshop last spring, when city staff warned that revenue from existing sources would flatten while costs for personnel, fuel and maintenance kept rising. A working group of four council members spent the summer meeting with neighborhood associations, unions and business groups before drafting the version now under discussion.',
          'Along the way the plan changed shape more than once. An early draft was withdrawn after residents of the Flats complained that they had not been consulted, and a later version added an independent audit every two years. Council President Luis Ferreira called the process slow but said it had produced a better document.',
        ],
      },
      {
        heading: 'Who supports it, and who doesn’t',
        paragraphs: [
          'Support has come largely from the council’s newer members, who represent the fast-growing wards north of the river, along with the regional chamber of commerce and two of the city’s largest unions. They argue that the plan gives the city predictable rules and a clear set of promises voters can hold them to.',
          'Opposition is less organized but persistent. A coalition of homeowners in Ridgeview has collected more than two thousand signatures, and council member Hannah Whitcomb has pressed staff repeatedly for cost estimates she says have not been made public. Her office has filed three records requests since August.',
        ],
      },
      {
        heading: 'The numbers',
        paragraphs: [
          'According to figures presented by the finance department, the change would cost the median household between $90 and $140 a year, depending on property values and exemptions. Staff estimate the city would collect roughly $48 million over six years, with about a fifth of that reserved for maintenance rather than new spending.',
          'Independent analysts urge caution with those projections. The city’s last two revenue forecasts missed by more than 7 percent in opposite directions, and much depends on assumptions about interest rates and construction costs that nobody at City Hall controls.',
        ],
      },
      {
        heading: 'What residents said',
        paragraphs: [
          'More than sixty people signed up to speak at Tuesday’s hearing, which ran past midnight. Speakers included a retired bus driver who described waiting forty minutes for a transfer in January, a shop owner worried about rising costs, and several high school students who asked the council to think about the city they will inherit.',
          'Not everyone came to take a side. Several residents asked simply for clearer information, noting that the official documents ran to more than two hundred pages. The clerk’s office has since posted a four-page summary and promised translated versions in Spanish, Vietnamese and Somali.',
        ],
      },
      {
        heading: 'The legal questions',
        paragraphs: [
          'The city attorney’s office has advised that the measure stands on firm legal ground, though it acknowledged that a similar effort in a neighboring county drew a lawsuit that took eighteen months to resolve. Opponents have not said whether they intend to sue, but they have retained a lawyer who has handled election challenges before.',
          'State law requires a public notice period and a second reading before any final vote, which means the earliest the council could act is next month. Any substantial change made at the second reading could restart parts of that clock, a procedural detail both sides are watching closely.',
        ],
      },
    ],
    lists: [
      {
        lead: 'As currently written, the proposal would:',
        ordered: false,
        items: [
          'place the money in a dedicated fund that cannot be spent on general expenses;',
          'require an independent audit every two years, published online;',
          'create a nine-member citizen oversight board with a seat for every ward;',
          'expire after six years unless voters renew it.',
        ],
      },
      {
        lead: 'The key dates on the calendar:',
        ordered: true,
        items: [
          'Written public comment closes at 5 p.m. on the last Friday of the month.',
          'The finance committee takes up amendments the following Monday.',
          'A second reading and final council vote are set for the first Tuesday of next month.',
          'If approved, the measure appears on the November ballot.',
        ],
      },
    ],
    quotes: [
      {
        text: 'We were elected to make hard decisions, not to hand them to the next council. This is a hard decision, and I think we are ready to make it.',
        who: 'Luis Ferreira, City Council president',
      },
      {
        text: 'Nobody in my ward is against buses or parks. They are against being asked to pay more without being told exactly what they are getting.',
        who: 'Hannah Whitcomb, council member for Ridgeview',
      },
      {
        text: 'People assume local politics is boring until it shows up on their street. Then they discover that the meeting they skipped was the one that mattered.',
        who: 'Priya Raman, political scientist at Westmere College',
      },
    ],
    closings: [
      'The council is scheduled to take up the matter again at its next regular meeting. Residents can submit written comments through the city clerk’s website or speak in person during the public comment period, which begins at 6 p.m. in council chambers.',
      'Mayor Denise Okafor’s office said she would review the final language before deciding how to proceed. A spokesperson declined to say whether the mayor had concerns about {topic}, saying only that she expected to make her position known before the end of the month.',
    ],
    sources: [
      {
        text: 'Read the full {0} and the finance department’s {1} on the city’s website.',
        links: [
          ['council agenda', 'calder-bay/council/agenda'],
          ['revenue analysis', 'calder-bay/finance/revenue-analysis'],
        ],
      },
      {
        text: 'The {0} is available online, along with a {1} of every council vote on the question so far.',
        links: [
          ['staff report', 'calder-bay/council/staff-report'],
          ['searchable record', 'calder-bay/council/votes'],
        ],
      },
    ],
  },

  Business: {
    intros: [
      'For the people closest to {topic}, the news did not come as a complete surprise. Rumors had circulated for weeks in break rooms and at the bars along Front Street. What surprised many was the scale of it, and how quickly the consequences began to ripple outward.',
      'Economists have a tidy vocabulary for stories like {topic}: supply, demand, margins, cycles. Business owners in {city} tend to describe it differently, in terms of payrolls they have to meet on Friday and customers who have started asking about prices before they order.',
      'Behind {topic} lies a familiar story about a regional economy in transition. The shipyards and mills that once employed a third of the city have given way to logistics, health care and small technology firms, and each shift has produced winners, losers and a great deal of uncertainty.',
    ],
    sections: [
      {
        heading: 'The local picture',
        paragraphs: [
          'Unemployment in the Calder Bay metro area stood at 3.9 percent last month, slightly below the national rate. But the headline figure hides sharp differences between neighborhoods: in parts of the Flats and Northgate, the share of adults out of work is roughly double the city average.',
          'Wages have risen faster than inflation for two years running, according to state labor data, yet many households say they feel poorer. Housing costs, insurance premiums and child care have all risen faster still, leaving less room in the monthly budget than a paycheck alone would suggest.',
        ],
      },
      {
        heading: 'What owners are saying',
        paragraphs: [
          'Interviews with more than a dozen owners and managers this week produced a consistent message: demand is steady, but costs are hard to predict. Several said they had stopped printing menus or price lists because the numbers changed too often to keep up.',
          'Others see opportunity in {topic}. A logistics firm near the port said it had hired twenty people since summer, and a downtown architecture practice reported more inquiries this quarter than in all of last year. “Uncertainty is bad for some of us and good for others,” one owner said.',
        ],
      },
      {
        heading: 'The workers’ view',
        paragraphs: [
          'For employees, the calculation is more personal. A machinist with eighteen years on the job said he was weighing whether to retrain, move, or wait and hope. His union has asked for meetings with management and with the state workforce office, which runs retraining grants for displaced workers.',
          'Job counselors at the Northgate career center say they have seen a steady stream of visitors since the news broke. Many are asking about health insurance and pensions before they ask about new jobs, a sign of how much is tied up in a single employer.',
        ],
      },
      {
        heading: 'The regional context',
        paragraphs: [
          'Calder Bay is not alone. Similar mid-sized port cities along the coast have gone through the same cycle of closures and reinventions, with mixed results. Those that fared best, researchers say, invested early in community colleges and kept their downtowns affordable enough for new businesses to start.',
          'The state’s economic development agency has promised to help, though its budget for grants is largely committed through next year. Officials said they were reviewing tax incentives that could be redirected, a process that typically takes several months.',
        ],
      },
      {
        heading: 'Reading the numbers',
        paragraphs: [
          'Quarterly filings offer only a partial view. Privately held firms, which employ most of the region’s workers, publish little, and public companies report results for the whole business rather than for individual plants or stores. Analysts say local conditions are usually clearer in payroll tax receipts than in any press release.',
          'Those receipts rose 4 percent in the most recent quarter, according to the city’s finance office, a modest gain that suggests the local economy is growing, if unevenly. Sales tax collections, a rougher gauge of consumer spending, were flat.',
        ],
      },
    ],
    lists: [
      {
        lead: 'The figures behind the story:',
        ordered: false,
        items: [
          'Average monthly rent for a two-bedroom apartment: $1,940, up from $1,780 a year ago.',
          'Manufacturing jobs in the county: about 11,400, down 6 percent over five years.',
          'New business licenses issued this year: 1,312, a record.',
          'Share of downtown office space vacant: 31 percent.',
        ],
      },
      {
        lead: 'Where affected workers can find help:',
        ordered: true,
        items: [
          'The Northgate career center offers free résumé help and job listings on weekdays.',
          'The state workforce office runs retraining grants of up to $6,000 per person.',
          'Ashby County Community College has opened evening sections of its welding and nursing programs.',
          'Legal aid clinics at the main library answer questions about severance and benefits.',
        ],
      },
    ],
    quotes: [
      {
        text: 'Everybody wants a simple answer about the economy. The honest answer is that it depends on which street you live on.',
        who: 'Priya Raman, economist at Westmere College',
      },
      {
        text: 'We have been here since my grandfather’s time. We will adjust, the way we always have. But I would be lying if I said I wasn’t worried.',
        who: 'Marta Kowalczyk, owner of an Elm Street bakery',
      },
      {
        text: 'Employers tell us the same thing every month: they can find work, they can’t find people. That is a problem we know how to solve, given time.',
        who: 'Tom Kessler, president of the Calder Bay Chamber of Commerce',
      },
    ],
    closings: [
      'Company representatives said they would provide more details to employees over the coming weeks. The Broadsheet has asked for a breakdown of affected positions and will publish it when it becomes available.',
      'Whatever happens next, owners and workers alike said they hoped {topic} would prompt a broader conversation about what kind of economy the city wants. “We keep reacting,” one manager said. “At some point we should decide.”',
    ],
    sources: [
      {
        text: 'The full {0} and the state’s {1} are available online.',
        links: [
          ['quarterly economic report', 'calder-bay/economy/quarterly-report'],
          ['labor market data', 'state/labor/market-data'],
        ],
      },
      {
        text: 'Read the company’s {0} and our {1}.',
        links: [
          ['statement to employees', 'business/statements/employees'],
          ['earlier coverage of the regional economy', 'broadsheet/business/economy'],
        ],
      },
    ],
  },

  Technology: {
    intros: [
      'On paper, {topic} is a story about software and hardware. In practice it is a story about people: the clerks, teachers, nurses and residents who have to change how they work so that a new system can deliver what its designers promised.',
      'Technology rarely arrives in {city} with a bang. It tends to slip in through a pilot project, a grant or a contract renewal, and only later does anyone notice how much has changed. {Topic} is following that pattern, with one difference: this time, people are paying attention early.',
      'When officials first described {topic}, the pitch was familiar: faster service, lower costs, fewer errors. Months later, the early results are in, and they are more interesting than either the enthusiasts or the skeptics predicted.',
    ],
    sections: [
      {
        heading: 'How it works',
        paragraphs: [
          'At its core, the system collects information that used to travel on paper or by phone and routes it automatically to the people who can act on it. Engineers describe the design as deliberately simple: a handful of well-tested components rather than one large platform that does everything.',
          'The software runs on cloud servers under a contract that keeps data within the country, and the city retains ownership of everything it collects. Officials say that clause, added after public comment, was the single most requested change during the design phase.',
        ],
      },
      {
        heading: 'Early results',
        paragraphs: [
          'Figures shared with the Broadsheet show measurable improvements in the first three months, though officials caution that the sample is small. Average response times fell, and the share of requests closed within a week rose from just over half to about three quarters.',
          'Not every number moved in the right direction. Complaints about confusing instructions rose in the first month, particularly among older residents, before falling again after the interface was simplified. Staff say those complaints shaped a second version released in the spring.',
        ],
      },
      {
        heading: 'Privacy and security',
        paragraphs: [
          'Privacy advocates have raised questions about how long information is kept and who can see it. The city’s data policy sets a retention period of two years for most records, but exceptions for legal holds and audits mean some information may be kept longer.',
          'Security experts interviewed for this story said the system follows current good practice, including encryption and multi-factor sign-in for staff. They also noted that most breaches start with a stolen password or a misconfigured server rather than a clever attack, which makes training as important as technology.',
        ],
      },
      {
        heading: 'Who gets left out',
        paragraphs: [
          'About one in eight households in {city} has no home internet connection, according to census estimates, and the share is higher among residents over seventy and in the Flats. For them, a service that moves online can feel like a service that has moved away.',
          'Officials say every digital service will keep a phone line and an in-person counter. Library staff, who often end up helping residents with online forms, have asked for training and for more public computers, a request that is now part of next year’s budget discussion.',
        ],
      },
      {
        heading: 'The cost',
        paragraphs: [
          'The first phase cost about $3.2 million, including licenses, hardware and training, with annual operating costs estimated at $600,000. Supporters argue the savings in staff time and faster repairs will exceed that within four years; skeptics point out that technology budgets have a way of growing.',
          'An independent review commissioned by the council will report next year. Its authors have been asked to compare {topic} with similar projects in other cities and to recommend whether to expand, change or end it.',
        ],
      },
    ],
    lists: [
      {
        lead: 'What residents should know:',
        ordered: false,
        items: [
          'The service is free and available in English, Spanish and Vietnamese.',
          'Requests can still be made by phone at 311 or in person at City Hall.',
          'Personal information is deleted after two years unless a case is still open.',
          'A public dashboard shows response times by neighborhood.',
        ],
      },
      {
        lead: 'The rollout so far:',
        ordered: true,
        items: [
          'A three-month pilot with 400 volunteer households.',
          'A redesign based on their feedback and on accessibility testing.',
          'A citywide launch, with help sessions at every library branch.',
          'An independent evaluation, due to the council next year.',
        ],
      },
    ],
    quotes: [
      {
        text: 'The technology was the easy part. The hard part was getting six departments to agree on what a finished job looks like.',
        who: 'Kenji Morales, the city’s chief information officer',
      },
      {
        text: 'I’m not against any of this. I just want to know that when the computer gets it wrong, a human being will pick up the phone.',
        who: 'Ruth Abernathy, Elm Hollow resident',
      },
      {
        text: 'Good public technology is boring. It works, it’s accessible, it keeps data safe, and nobody writes articles about it.',
        who: 'Dr. Sasha Idowu, computer scientist at Calder Bay University',
      },
    ],
    closings: [
      'The city plans to publish the full evaluation when it is complete. In the meantime, residents can try the service, report problems and track response times on the public dashboard.',
      'Whether {topic} becomes a model for other cities or a cautionary tale will depend on the next year. For now, the people who use it every day seem cautiously pleased, which in the world of public technology is no small thing.',
    ],
    sources: [
      {
        text: 'See the city’s {0} and the {1} for details.',
        links: [
          ['public dashboard', 'calder-bay/open-data/dashboard'],
          ['data retention policy', 'calder-bay/it/data-policy'],
        ],
      },
      {
        text: 'The {0} and the vendor’s {1} are posted online.',
        links: [
          ['pilot evaluation', 'calder-bay/it/pilot-evaluation'],
          ['security overview', 'vendor/security-overview'],
        ],
      },
    ],
  },

  Science: {
    intros: [
      'Scientists in {city} have been watching {topic} closely, and what they are seeing is both worrying and, in places, encouraging. Their findings draw on years of careful measurement, much of it done by graduate students and volunteers in small boats at dawn.',
      'The bay has always been a laboratory for those who know how to read it. Tides, salinity and temperature shift on scales from minutes to decades, and {topic} is the latest reminder that what happens in the water eventually reaches the people who live beside it.',
      'Public health officials and researchers rarely get to say “we told you so” with any satisfaction. With {topic}, several of them said, the point is not to be right but to be ready, and readiness depends on residents understanding what the data shows.',
    ],
    sections: [
      {
        heading: 'What the data shows',
        paragraphs: [
          'Measurements taken at eleven monitoring stations around the bay show a consistent trend over the past fifteen years. Average water temperatures have risen by about 1.4 degrees Celsius, and the warmest readings now arrive about two weeks earlier in the year than they did in 2010.',
          'The researchers are careful to separate signal from noise. A single hot summer or a wet spring can distort any one year, which is why they rely on long records and compare their results with regional models maintained by federal agencies.',
        ],
      },
      {
        heading: 'How the research was done',
        paragraphs: [
          'The work combines old and new methods. Volunteers still collect water samples by hand from the same docks their predecessors used in the 1980s, while autonomous sensors record conditions every ten minutes and transmit them to a university server.',
          'The study was reviewed by independent scientists before publication, and the team has released its data so others can check the results. “If we’re wrong, we want to find out,” the lead author said. “That is the whole point of publishing it.”',
        ],
      },
      {
        heading: 'What it means for residents',
        paragraphs: [
          'For most people in {city}, the effects of {topic} will be gradual rather than dramatic. But some are already visible: more frequent flooding on low-lying streets in Harbourside, changes in which fish local anglers catch, and longer allergy seasons.',
          'Health officials say the most important steps are simple ones: knowing the evacuation route for your neighborhood, keeping a basic emergency kit, and checking on neighbors who live alone. Sign-ups for the county’s emergency text alerts have tripled this year.',
        ],
      },
      {
        heading: 'The uncertainties',
        paragraphs: [
          'Scientists acknowledge there is a great deal they do not know. Local effects depend on currents, winds and land use in ways that global models cannot resolve, and some of the processes involved have never been measured in this bay at all.',
          'That uncertainty cuts both ways, they stress. It is a reason for more research, not for waiting: the cost of preparing for a range of outcomes is usually far smaller than the cost of being caught unprepared by the worst of them.',
        ],
      },
      {
        heading: 'Citizen scientists',
        paragraphs: [
          'Much of the long-term record exists because of volunteers. The Calder Bay Watershed Council trains about 150 residents each year to sample water, count birds and photograph shorelines, and their observations are now part of several peer-reviewed studies.',
          'Organizers say anyone can take part, from schoolchildren to retirees, and that new volunteers are especially needed in the northern neighborhoods, where the monitoring network has gaps. Training sessions are held on the first Saturday of each month.',
        ],
      },
    ],
    lists: [
      {
        lead: 'Key findings from the study:',
        ordered: false,
        items: [
          'Bottom water is warming about twice as fast as surface water.',
          'Dissolved oxygen falls below healthy levels for about three weeks each summer, up from one.',
          'Eelgrass beds have shrunk by roughly a fifth since 2012.',
          'Restored oyster reefs show the fastest recovery of any habitat measured.',
        ],
      },
      {
        lead: 'What residents can do now:',
        ordered: true,
        items: [
          'Sign up for the county’s emergency text alerts.',
          'Learn the evacuation route and the nearest shelter for your neighborhood.',
          'Keep water, medication and a battery radio for at least three days.',
          'Join a volunteer monitoring team through the Watershed Council.',
        ],
      },
    ],
    quotes: [
      {
        text: 'The bay keeps very good records if you know how to read them. Our job is to translate them before the changes become impossible to ignore.',
        who: 'Dr. Amara Lindqvist, marine biologist at Calder Bay University',
      },
      {
        text: 'Preparation is not panic. It is the difference between a bad night and a disaster.',
        who: 'Dr. Joseph Nakamura, director of the Ashby County health department',
      },
      {
        text: 'Half of our best data comes from retired schoolteachers with a thermometer and a notebook. Science belongs to everybody here.',
        who: 'Grace Oyelaran, coordinator of the Calder Bay Watershed Council',
      },
    ],
    closings: [
      'The research team plans to expand its monitoring network next year with a federal grant, adding stations near the mouth of the Ashby River. They will present their findings at a public lecture at the main library next month.',
      'For now, scientists say, the message about {topic} is neither alarm nor reassurance, but attention. “Watch the water,” one researcher said. “It will tell you what is coming if you let it.”',
    ],
    sources: [
      {
        text: 'The full {0} and the underlying {1} are publicly available.',
        links: [
          ['study', 'calder-bay-university/research/bay-study'],
          ['monitoring data', 'calder-bay-university/data/monitoring'],
        ],
      },
      {
        text: 'Read the county’s {0} and sign up for {1}.',
        links: [
          ['emergency preparedness guide', 'ashby-county/emergency/guide'],
          ['emergency text alerts', 'ashby-county/emergency/alerts'],
        ],
      },
    ],
  },

  Sports: {
    intros: [
      'Ask anyone who has followed {topic} this season and they will tell you the same thing: it did not look like this in April. A team that started slowly, lost key players to injury and was written off by most preseason predictions has forced its way into the conversation.',
      'Sports stories in {city} have a way of becoming civic stories. {Topic} is no exception, drawing in fans who have not watched a game in years and officials who would rather talk about anything other than the budget.',
      'There is a particular sound a crowd makes when it realizes something special is happening. Fans at Pier Park heard it more than once this season, and {topic} is the reason so many of them are talking about this year as one they will remember.',
    ],
    sections: [
      {
        heading: 'The turning point',
        paragraphs: [
          'Players and coaches point to a June road trip as the moment things changed. After losing six of seven, the team held a closed-door meeting in a hotel conference room in Harrisburg. Nobody will say exactly what was said, but the team won eleven of its next thirteen games.',
          'Statistically, the improvement was broad rather than dramatic: slightly better defense, slightly fewer mistakes, a few more timely hits. “We didn’t become a different team,” the manager said. “We became the team we were supposed to be.”',
        ],
      },
      {
        heading: 'The numbers',
        paragraphs: [
          'Since the All-Star break, the team has the third-best record in the league and the best run differential. Its starting pitchers have lowered their combined earned run average by nearly a full run, and the bullpen has converted 21 of 24 save opportunities.',
          'Attendance has followed the results. Average crowds have risen by about 4,000 a game since July, and the team has sold out its last nine home dates, something that had not happened in more than a decade.',
        ],
      },
      {
        heading: 'In the locker room',
        paragraphs: [
          'Veterans credit the younger players for their energy, and the younger players credit the veterans for their patience. Whatever the explanation, the clubhouse has a looseness that visitors notice immediately: music, card games and a running joke involving a rubber chicken that nobody will explain.',
          'The captain, who has spent eleven seasons with the club, said the atmosphere reminded him of his first year. “We had nothing to lose then either,” he said. “It is a good way to play.”',
        ],
      },
      {
        heading: 'What the fans say',
        paragraphs: [
          'Outside the ballpark before a recent game, fans described a season that has brought families and neighborhoods together. A retired dockworker said he had bought season tickets for the first time since 1997; a teenager in a replica jersey said she had never seen the team win anything.',
          'Local businesses are feeling it too. Bars and restaurants near the waterfront report their busiest weeknights in years, and the team store has sold out of caps twice. “Winning is good for everybody,” said the owner of a Front Street pub.',
        ],
      },
      {
        heading: 'Looking ahead',
        paragraphs: [
          'The schedule does not get easier. The next opponent has won more games than anyone else in the league, and it has beaten the local side in four of their last five meetings. Coaches say they expect close, low-scoring contests decided by small margins.',
          'Beyond this season, the front office faces decisions about contracts, the stadium lease and a farm system that is finally producing players. Whatever happens with {topic}, those questions will shape the next decade of sports in {city}.',
        ],
      },
    ],
    lists: [
      {
        lead: 'By the numbers this season:',
        ordered: false,
        items: [
          '19 wins in the final 25 games.',
          '41,212: the largest home crowd since the stadium opened.',
          '3 players selected for the All-Star Game.',
          '14 years since the last title of any kind.',
        ],
      },
      {
        lead: 'Three things to watch:',
        ordered: true,
        items: [
          'Whether the top of the rotation stays healthy through October.',
          'How the young shortstop handles playoff pressure.',
          'Whether the bullpen can keep the late innings quiet.',
        ],
      },
    ],
    quotes: [
      {
        text: 'This city has waited a long time. The players feel that, and honestly, I think it has made them play better.',
        who: 'Ray Dominguez, manager',
      },
      {
        text: 'I brought my dad to his first game here in 1979. Tonight I brought my granddaughter. That is what this is about.',
        who: 'Denise Paulsen, a fan from Ridgeview',
      },
      {
        text: 'Nobody expected anything from us, so we stopped expecting anything from anybody else and just played.',
        who: 'Marcus Bell, team captain',
      },
    ],
    closings: [
      'Tickets for the next home game go on sale Thursday at 10 a.m. through the team’s website and at the Pier Park box office. The team has asked fans to use public transit, as parking near the waterfront will be limited.',
      'Whatever comes next, {topic} has already given the city a season to remember. For a place that has spent a long time waiting, that may be enough, for now.',
    ],
    sources: [
      {
        text: 'See the full {0} and the {1}.',
        links: [
          ['box score', 'sports/calder-bay/box-score'],
          ['league standings', 'sports/league/standings'],
        ],
      },
      {
        text: 'The team’s {0} and the city’s {1} have travel details for game days.',
        links: [
          ['schedule', 'sports/calder-bay/schedule'],
          ['transit guide', 'calder-bay/transit/game-days'],
        ],
      },
    ],
  },

  Culture: {
    intros: [
      'There is a moment, just before the lights go down, when a room full of strangers becomes an audience. {Topic} is built around moments like that, and this year it has reminded many people in {city} why they keep showing up.',
      'Culture in {city} has always been a little improvised: a jazz club in a basement, a theater in a former bank, a festival that started with three food carts and a borrowed sound system. {Topic} belongs to that tradition, and its organizers would not have it any other way.',
      'Ask people what makes {city} feel like home, and sooner or later they mention something like {topic}: a place, a ritual or a group of people who have kept an idea alive long after anyone else would have given up.',
    ],
    sections: [
      {
        heading: 'The backstory',
        paragraphs: [
          'The story begins, as many good local stories do, with a few stubborn people and very little money. The founders met through a community arts program in the 1980s and spent years organizing events in church halls, parking lots and, on one memorable occasion, a decommissioned ferry.',
          'Funding has always been precarious. Grants from the state arts council cover about a quarter of the budget; the rest comes from ticket sales, small donations and an annual auction whose star item is, by tradition, a homemade pie.',
        ],
      },
      {
        heading: 'The people behind it',
        paragraphs: [
          'Most of the work is done by volunteers, about two hundred of them, who sell tickets, hang lights, cook, clean and, when needed, fix the plumbing. Some have been involved for decades; others joined this year after seeing a notice at the library.',
          'The paid staff numbers exactly three. The director, who took the job in 2015, describes her role as “part producer, part diplomat, part person who knows where the extension cords are.”',
        ],
      },
      {
        heading: 'What audiences found',
        paragraphs: [
          'Audiences this year were bigger and younger than in the past, according to organizers, who credit social media and a new program of free student tickets. Many people who came for the first time said they had heard about it from friends rather than from any advertisement.',
          'Reactions were warm, if not uncritical. Some longtime attendees missed the more intimate feel of earlier years, while newcomers praised the range of work on offer. “It felt like the whole city was in one place,” one visitor said. “That doesn’t happen often.”',
        ],
      },
      {
        heading: 'A place in the city’s history',
        paragraphs: [
          'Local historians place {topic} in a longer story about how {city} has used art to make sense of change. When the mills closed, musicians wrote about them; when new communities arrived, they brought festivals, restaurants and choirs that are now part of the city’s identity.',
          'That history is not always comfortable. Several recent projects have dealt directly with labor disputes, displacement and the experiences of people whose stories were long left out of official accounts. Organizers say that honesty is part of what draws audiences.',
        ],
      },
      {
        heading: 'What comes next',
        paragraphs: [
          'Plans for next year include a partnership with the public schools, a series of free outdoor events in neighborhoods beyond downtown, and a modest expansion of the program for emerging artists. All of it depends on funding that has not yet been secured.',
          'The organizers are cautiously optimistic. “We have been broke before and we will probably be broke again,” the director said, laughing. “But we have never been short of people who care. That is the real budget.”',
        ],
      },
    ],
    lists: [
      {
        lead: 'If you go:',
        ordered: false,
        items: [
          'Most events are free; ticketed events cost $10 to $25, with student discounts.',
          'Venues are wheelchair accessible, with captioning at selected performances.',
          'Buses 4 and 11 stop within two blocks of the waterfront stage.',
          'Bring a jacket: evenings by the water are cool even in summer.',
        ],
      },
      {
        lead: 'Highlights from this year’s program:',
        ordered: true,
        items: [
          'An opening-night concert by the Calder Bay Youth Orchestra.',
          'A lantern procession from Elm Hollow to the harbor.',
          'A retrospective of films shot in the city since the 1950s.',
          'A closing-night dance party with three local bands.',
        ],
      },
    ],
    quotes: [
      {
        text: 'Every city has art. What makes this one different is that people here treat it like something that belongs to them.',
        who: 'Elena Markovic, curator at the Calder Bay Museum of History',
      },
      {
        text: 'I came for one night in 1991 and never really left. It is the best unpaid job I’ve ever had.',
        who: 'Walter Osei, a volunteer',
      },
      {
        text: 'You don’t have to understand everything you see. You just have to show up and let it surprise you.',
        who: 'Nadia Flores, artistic director',
      },
    ],
    closings: [
      'Organizers are looking for volunteers and sponsors for next year. Information is available on their website, and a public meeting to discuss the program will be held at the main library next month.',
      'For many in {city}, {topic} has become one of those things that is easy to take for granted, until you imagine the city without it. That, supporters say, is exactly why it is worth protecting.',
    ],
    sources: [
      {
        text: 'Find the full {0} and {1} online.',
        links: [
          ['program', 'culture/calder-bay/program'],
          ['volunteer information', 'culture/calder-bay/volunteer'],
        ],
      },
      {
        text: 'Read more about the {0} and browse the {1}.',
        links: [
          ['city’s cultural history', 'calder-bay/history/culture'],
          ['museum’s online collection', 'calder-bay-museum/collection'],
        ],
      },
    ],
  },

  World: {
    intros: [
      'Events on the other side of the world have a way of arriving in {city} by sea. {Topic} is the latest example, and its effects are already being felt on the docks, in kitchens and in the conversations of families with relatives overseas.',
      'It is tempting to see international news as something that happens somewhere else. But in a port city of 300,000 people, with residents from more than ninety countries, {topic} is also a local story, and it is being lived here in very local ways.',
      'Diplomats and economists speak about {topic} in the language of treaties, tariffs and supply chains. In {city}, where a third of jobs depend in some way on trade, people tend to describe it in terms of shifts worked, prices paid and phone calls home.',
    ],
    sections: [
      {
        heading: 'The global picture',
        paragraphs: [
          'International agencies describe the situation as fluid. Governments have made commitments, but implementation varies widely, and independent observers say it will take at least a year to judge whether those commitments are being kept.',
          'Markets have reacted quickly, as markets do. Prices for several commodities moved sharply in the first week before settling, and shipping companies have adjusted routes and schedules in ways that ripple through every port on the coast.',
        ],
      },
      {
        heading: 'The local connection',
        paragraphs: [
          'The Port of Calder Bay handles about 1.6 million containers a year, and its trading partners span five continents. Port officials say they are monitoring the situation daily and have contingency plans for delays, though so far disruptions have been modest.',
          'For the city’s immigrant communities, the connection is more personal. Community leaders say they have been fielding calls from families anxious about relatives, about money transfers and about travel plans that may no longer be possible.',
        ],
      },
      {
        heading: 'Voices from the community',
        paragraphs: [
          'At a community center in Northgate, a group of residents gathered this week to share news and organize support. Some had lived in {city} for decades; others had arrived only recently. All said they were following events closely, often through messages from home that arrived faster than any news report.',
          'Several said they wished more of their neighbors understood how closely the city is tied to places that can seem far away. “We are not somewhere else,” one man said. “We are here. This is our city too.”',
        ],
      },
      {
        heading: 'The economic ripple',
        paragraphs: [
          'Local importers and exporters say the effects depend heavily on what they trade. Food businesses have seen the sharpest price changes, while manufacturers report longer lead times for some parts and little change for others.',
          'Economists at Westmere College estimate that the overall effect on the regional economy will be small, well under one percent of output, but concentrated in a few sectors and neighborhoods. That concentration, they say, is what makes it feel larger to the people affected.',
        ],
      },
      {
        heading: 'How to help',
        paragraphs: [
          'Several local organizations are collecting donations and volunteers. Aid groups generally recommend cash donations to established organizations rather than goods, which are expensive to ship and may not match what is needed on the ground.',
          'City officials have also reminded residents that help is available for those affected here, including interpreters, legal clinics and counseling through the community health centers. Many of those services are free and confidential.',
        ],
      },
    ],
    lists: [
      {
        lead: 'The connections, by the numbers:',
        ordered: false,
        items: [
          'About 1.6 million containers pass through the port each year.',
          'Residents of Calder Bay come from more than ninety countries.',
          'Roughly one job in three in the metro area depends on trade.',
          'The city has six sister cities on four continents.',
        ],
      },
      {
        lead: 'Where to find reliable information:',
        ordered: true,
        items: [
          'Official travel advisories from the State Department.',
          'The port authority’s daily operations bulletin.',
          'Community organizations that publish updates in several languages.',
          'Established international aid groups for donation appeals.',
        ],
      },
    ],
    quotes: [
      {
        text: 'Every ship that comes into this harbor is a reminder that we are connected to the whole world, whether we think about it or not.',
        who: 'Captain Ellen Fairweather, director of the Port of Calder Bay',
      },
      {
        text: 'My mother calls me every night. Sometimes the line works, sometimes it doesn’t. You learn to be patient, and you learn to worry quietly.',
        who: 'Amir Haidari, Northgate resident',
      },
      {
        text: 'Global events do not stay global. They become local the moment they touch a paycheck or a family.',
        who: 'Dr. Lucia Serrano, international relations scholar at Calder Bay University',
      },
    ],
    closings: [
      'The Broadsheet will continue to follow {topic} and its effects in {city}. Readers with family or business connections to the region who would like to share their experiences can reach our newsroom at newsroom@example.org.',
      'For now, residents say, the best response is the one the city has always relied on: paying attention, helping neighbors and keeping the lines of communication open, across the street and across the ocean.',
    ],
    sources: [
      {
        text: 'Read the {0} and the port’s {1}.',
        links: [
          ['full text of the agreement', 'world/agreements/full-text'],
          ['operations bulletin', 'port-of-calder-bay/bulletin'],
        ],
      },
      {
        text: 'See our guide to {0} and the city’s {1}.',
        links: [
          ['giving to international relief', 'broadsheet/guides/relief-giving'],
          ['resources for immigrant families', 'calder-bay/community/resources'],
        ],
      },
    ],
  },
}

/** Seeded PRNG (mulberry32): same seed, same demo site. */
export function createRng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j], copy[i]]
      }
      return copy
    },
  }
}

export type Rng = ReturnType<typeof createRng>

/** FNV-1a: a stable seed from a title, so a body does not depend on its place in the list. */
export function hashString(text: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"'

/**
 * A rough size to pick how many sections a demo body gets; the word count readers see is the
 * stored articles.word_count (db/schema/word-count.ts), not this.
 */
export function approximateBodySize(html: string) {
  const text = html.replace(/<[^>]+>/g, ' ').trim()
  return text === '' ? 0 : text.split(/\s+/).length
}

export const MIN_BODY_WORDS = 300
export const MAX_BODY_WORDS = 1500

export interface BodyInput {
  title: string
  excerpt: string
  topic: string
  category: string
}

/** A demo story's own text (demo-bodies.ts): its paragraphs, a `## ` line an `<h2>`. */
function ownBody(lines: string[]): string {
  return lines
    .map((line) =>
      line.startsWith('## ')
        ? `<h2>${escapeHtml(line.slice(3))}</h2>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n')
}

/**
 * A demo story's body is its own text (demo-bodies.ts); any other (the benchmark's, a test's)
 * is built: a believable article body of 300–1,500 words: intro, `<h2>` sections, a list, a quote
 * and a paragraph with two links. Paragraph pools are per category; the choice and the
 * length follow a PRNG seeded from the title.
 */
export function buildArticleBody(input: BodyInput, seed = hashString(input.title)): string {
  const own = DEMO_BODIES[input.title]
  if (own) return ownBody(own)
  const rng = createRng(seed)
  const pool = POOLS[input.category as keyof typeof POOLS] ?? POOLS.Politics
  const fill = (template: string) =>
    escapeHtml(
      template
        .replaceAll('{Topic}', input.topic.charAt(0).toUpperCase() + input.topic.slice(1))
        .replaceAll('{topic}', input.topic)
        .replaceAll('{city}', DEMO_CITY),
    )
  const paragraph = (template: string) => `<p>${fill(template)}</p>`
  const sectionHtml = (section: Section) =>
    [`<h2>${fill(section.heading)}</h2>`, ...section.paragraphs.map(paragraph)].join('\n')

  const list = rng.pick(pool.lists)
  const tag = list.ordered ? 'ol' : 'ul'
  const listHtml = [
    paragraph(list.lead),
    `<${tag}>${list.items.map((item) => `<li>${fill(item)}</li>`).join('')}</${tag}>`,
  ].join('\n')
  const quote = rng.pick(pool.quotes)
  const quoteHtml = `<blockquote><p>“${fill(quote.text)}”</p><p>— ${fill(quote.who)}</p></blockquote>`
  const source = rng.pick(pool.sources)
  const sourceHtml = `<p>${fill(source.text).replace(/\{(\d)\}/g, (_, i: string) => {
    const [text, href] = source.links[Number(i)]
    // As the editor stores links (docs/product.md §3): a new tab, noopener noreferrer nofollow.
    return `<a href="https://example.org/${href}" ${LINK_ATTRIBUTES}>${escapeHtml(text)}</a>`
  })}</p>`

  // The excerpt is the page's standfirst, drawn above the body: repeating it as the first
  // paragraph printed it twice.
  const head = [paragraph(rng.pick(pool.intros))]
  const tail = [paragraph(rng.pick(pool.closings)), sourceHtml]
  // Shared sections keep their order so that "What happens next" is always the last one.
  const candidates = [...rng.shuffle(pool.sections), ...SHARED_SECTIONS]
  const target = rng.int(420, 1250)
  const fixedWords = approximateBodySize([...head, listHtml, quoteHtml, ...tail].join(' '))

  const chosen: string[] = []
  let words = fixedWords
  for (const section of candidates) {
    const html = sectionHtml(section)
    const size = approximateBodySize(html)
    if (chosen.length >= 2 && (words >= target || words + size > MAX_BODY_WORDS - 20)) break
    chosen.push(html)
    words += size
  }

  // The list follows the first section and the quote the second, as an editor would place them.
  const middle = [chosen[0], listHtml, ...chosen.slice(1, 2), quoteHtml, ...chosen.slice(2)]
  return [...head, ...middle, ...tail].join('\n')
}

// ---------------------------------------------------------------------------------------------
// Benchmark articles: many plausible titles from a few parts
// ---------------------------------------------------------------------------------------------

const BENCH_SUBJECTS = [
  'City council',
  'Harbourside residents',
  'Port officials',
  'A local startup',
  'The school board',
  'County health officials',
  'Calder Bay FC',
  'Westmere College researchers',
  'Downtown merchants',
  'The transit agency',
  'Library trustees',
  'Northgate neighbors',
  'State regulators',
  'The Mariners’ front office',
  'Museum curators',
  'Elm Hollow parents',
]

const BENCH_VERBS = [
  'weigh',
  'debate',
  'unveil',
  'delay',
  'approve',
  'question',
  'celebrate',
  'rethink',
  'expand',
  'pause',
]

const BENCH_OBJECTS = [
  'a new plan for the waterfront',
  'next year’s budget',
  'a proposal on downtown parking',
  'an overhaul of bus routes',
  'a summer program for teenagers',
  'changes to the seawall project',
  'a bid to host the regional finals',
  'a study of the bay’s water quality',
  'a partnership with the port',
  'the future of the Alder Theatre',
  'new rules for food trucks',
  'a cleanup of the Ashby River',
  'a pilot for electric ferries',
  'plans for a night market',
]

/** Title, excerpt and topic for one benchmark article; the body comes from buildArticleBody. */
export function benchmarkArticleText(rng: Rng) {
  const subject = rng.pick(BENCH_SUBJECTS)
  const verbs =
    subject.endsWith('s') && !subject.endsWith('ss')
      ? rng.pick(BENCH_VERBS)
      : `${rng.pick(BENCH_VERBS)}s`
  const object = rng.pick(BENCH_OBJECTS)
  return {
    title: `${subject} ${verbs} ${object}`,
    excerpt: `${subject} ${verbs} ${object}, a decision that could reach residents across ${DEMO_CITY}.`,
    topic: object,
  }
}
