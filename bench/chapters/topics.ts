// The bench's topics: a slide title and sentences a speaker might say about it, written here for
// the bench (no two topics share their subject). A talk strings several of them together.
export interface Topic {
  slide: string;
  sentences: string[];
}

export const TOPICS: Topic[] = [
  {
    slide: "Night trains across Europe",
    sentences: [
      "We boarded the overnight express at the central station just before midnight.",
      "The sleeping car had narrow bunks and a tiny washbasin in the corner.",
      "Somewhere past the border the locomotive was changed in a quiet yard.",
      "The conductor collected our tickets and passports for the crossing.",
      "By morning the train was rolling through vineyards and small villages.",
      "Rail travel takes longer than flying but you arrive in the city centre.",
    ],
  },
  {
    slide: "Storms and the power grid",
    sentences: [
      "The thunderstorm knocked out power to half of the town last night.",
      "Lightning struck a transformer near the substation on the hill.",
      "Engineers worked through the heavy rain to restore the lines.",
      "Strong winds brought down trees across the overhead cables.",
      "Forecasters had warned of hail and flash flooding for the region.",
      "Most homes had electricity again by the early afternoon.",
    ],
  },
  {
    slide: "Baking sourdough bread",
    sentences: [
      "A sourdough starter is just flour and water left to ferment.",
      "Feed the starter every day until it doubles in a few hours.",
      "Mix the dough and let it rest before folding it several times.",
      "A long cold proof in the fridge gives the loaf its sour flavour.",
      "Bake it in a hot cast iron pot with the lid on for the first twenty minutes.",
      "Let the loaf cool completely before you cut the crust.",
    ],
  },
  {
    slide: "Learning the violin",
    sentences: [
      "Beginners often struggle to hold the bow with a relaxed hand.",
      "Tuning the strings before every practice session saves a lot of frustration.",
      "Scales played slowly train the fingers to find the right pitch.",
      "My teacher asked me to practise the same passage for a whole week.",
      "Playing in a small orchestra taught me to listen to the other musicians.",
      "Rosin on the bow hair helps the strings sing.",
    ],
  },
  {
    slide: "Keeping honey bees",
    sentences: [
      "A healthy hive holds tens of thousands of worker bees in summer.",
      "The queen lays up to two thousand eggs on a good day.",
      "Beekeepers wear a veil and use smoke to calm the colony.",
      "We lift each frame to check for brood, pollen and capped honey.",
      "Varroa mites are the biggest threat to colonies today.",
      "In late summer we harvest the honey and leave enough for winter.",
    ],
  },
  {
    slide: "Repairing a bicycle",
    sentences: [
      "A flat tyre is the most common repair on any bicycle.",
      "Use two tyre levers to lift the tyre off the rim.",
      "Find the puncture by pumping the inner tube and listening for air.",
      "Roughen the rubber around the hole and press the patch on firmly.",
      "While the wheel is off, check the brake pads for wear.",
      "A drop of oil on the chain keeps the gears shifting smoothly.",
    ],
  },
  {
    slide: "The football final",
    sentences: [
      "The final was played in front of sixty thousand supporters.",
      "The home side scored early with a header from a corner kick.",
      "Just before half time the referee awarded a penalty to the visitors.",
      "The goalkeeper made three brilliant saves in the second half.",
      "The match went to extra time after a late equaliser.",
      "In the end the cup was decided by a penalty shootout.",
    ],
  },
  {
    slide: "Volcanoes of Iceland",
    sentences: [
      "Iceland sits on the ridge where two tectonic plates pull apart.",
      "The eruption opened a fissure that poured lava across the valley.",
      "Ash clouds from one volcano once grounded flights across Europe.",
      "Geologists measure small earthquakes to predict where magma is rising.",
      "Hot springs and geysers are heated by the same molten rock.",
      "Fresh lava fields cool into black basalt within a few weeks.",
    ],
  },
  {
    slide: "Saving for retirement",
    sentences: [
      "Starting a pension early lets compound interest do most of the work.",
      "Many employers match part of what you pay into the plan.",
      "Index funds spread your savings across hundreds of companies at low cost.",
      "Try to keep an emergency fund of three to six months of expenses.",
      "Paying off expensive credit card debt comes before investing.",
      "Review your contributions every year when your salary changes.",
    ],
  },
  {
    slide: "Visiting the dentist",
    sentences: [
      "The dentist checked every tooth for signs of decay.",
      "The hygienist scraped away the plaque and polished my teeth.",
      "An x-ray showed a small cavity in one of the molars.",
      "The filling took twenty minutes under a local anaesthetic.",
      "Brushing twice a day and flossing prevents most gum disease.",
      "Sugary drinks are the main cause of cavities in children.",
    ],
  },
];
