// Filler for the "sealed-20" compression family: the chef's and ops manager's chatter,
// the assistant's replies, and tool output a kitchen operations session produces (POS
// exports, supplier price lists, HACCP logs, prep sheets, allergen matrices, rotas,
// inventory counts, supplier emails and chat exports). None of it names a planted subject.
// Used by corpora/compression-sealed-20.ts.

export type Rnd = () => number;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const pad = (n: number) => String(n).padStart(2, "0");

export const PEOPLE = ["Dani", "Priya", "Tomasz", "Aoife", "Kwame", "Marco", "Hana", "Luis"];

export const USER_CHATTER = [
  "Morning. Dani is on the pass until three, I'm doing the numbers.",
  "Can you pull last night's POS export for Harbour Street?",
  "The fish delivery was short again, two boxes of hake missing.",
  "EHO visit might be this week, so let's get the paperwork tidy.",
  "Can you check the temperature logs for anything out of range?",
  "We had 14 no-shows on Saturday, worth flagging to front of house.",
  "Send me the rota for next week when you have it.",
  "The new commis starts Monday, put her on veg prep.",
  "Gas engineer is coming Thursday at 10.",
  "Did the credit note from the veg supplier ever arrive?",
  "Check the allergen matrix for the new risotto, it has celery in the stock.",
  "Let's see the inventory count from Sunday close.",
  "ok thanks",
  "Fine, leave it for now.",
  "Wastage on bread is ridiculous this month.",
  "Can you draft a reply to the butcher about the late invoice?",
  "Docklands ran out of burrata by 8 pm again.",
  "Look at the chat export from the kitchen group, someone mentioned the probe.",
];

export const ASSISTANT_CHATTER = [
  "Pulling that now.",
  "Here is what I found.",
  "Two readings were outside the range; both were corrected within the hour and logged.",
  "The export covers service from 17:00 to 23:30.",
  "I have updated the draft; nothing has been sent yet.",
  "Bread wastage is up 18 percent on last month, mostly sourdough at Docklands.",
  "The credit note is not in the inbox; I can chase it.",
  "I will cross-check the invoice lines against the delivery notes.",
  "The rota has two gaps on Saturday evening.",
  "Noted. I will keep that in mind for the next order.",
  "The inventory count reconciles except for the dry store shelf 4.",
  "Summary below; the detail is in the attached sheet.",
];

const DISHES = [
  "Risotto primavera",
  "Hake, mussels",
  "Burrata, peach",
  "Short rib, mash",
  "Roast chicken",
  "Sourdough",
  "Tiramisu",
  "Chips",
];
const ITEMS = [
  "Hake fillet 5kg",
  "Mussels 10kg",
  "Burrata 125g x12",
  "Double cream 5L",
  "Shallots 10kg",
  "Parmesan 4kg",
  "Flour 00 25kg",
  "Lemons x100",
];
const UNITS = ["Fridge 1", "Fridge 2", "Freezer A", "Walk-in", "Bain marie", "Delivery probe"];
const ALLERGENS = [
  "gluten",
  "milk",
  "egg",
  "fish",
  "molluscs",
  "celery",
  "mustard",
  "sulphites",
  "nuts",
];

function posExport(rnd: Rnd): string {
  const rows = DISHES.map(
    (d) => `${d},${int(rnd, 4, 90)},${int(rnd, 9, 34)}.${pad(int(rnd, 0, 99))}`,
  );
  return [`item,qty_sold,unit_price`, ...rows, `TOTAL covers,${int(rnd, 90, 260)},`].join("\n");
}

function priceList(rnd: Rnd): string {
  const rows = ITEMS.map(
    (i) =>
      `${i},EUR ${int(rnd, 5, 90)}.${pad(int(rnd, 0, 99))},${pick(rnd, ["in stock", "low", "seasonal"])}`,
  );
  return [`product,price,availability`, ...rows].join("\n");
}

function haccpLog(rnd: Rnd): string {
  const rows = UNITS.map(
    (u) =>
      `${pad(int(rnd, 6, 23))}:${pad(int(rnd, 0, 59))} | ${u} | ${int(rnd, 0, 8)}.${int(rnd, 0, 9)} | ${pick(rnd, PEOPLE)} | ${pick(rnd, ["ok", "ok", "ok", "re-probed"])}`,
  );
  return [`time | unit | reading | initials | action`, ...rows].join("\n");
}

function prepSheet(rnd: Rnd): string {
  const rows = DISHES.slice(0, 6).map(
    (d) => `[ ] ${d}: ${int(rnd, 2, 20)} portions (${pick(rnd, PEOPLE)})`,
  );
  return [
    `PREP SHEET ${pick(rnd, ["AM", "PM"])} - ${pick(rnd, ["Harbour Street", "Docklands"])}`,
    ...rows,
  ].join("\n");
}

function allergenMatrix(rnd: Rnd): string {
  const head = `dish,${ALLERGENS.join(",")}`;
  const rows = DISHES.slice(0, 5).map(
    (d) => `${d},${ALLERGENS.map(() => (rnd() < 0.25 ? "Y" : "")).join(",")}`,
  );
  return [head, ...rows].join("\n");
}

function rota(rnd: Rnd): string {
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const rows = PEOPLE.slice(0, 6).map(
    (p) => `${p},${days.map(() => pick(rnd, ["OFF", "AM", "PM", "DBL"])).join(",")}`,
  );
  return [`name,${days.join(",")}`, ...rows].join("\n");
}

function inventory(rnd: Rnd): string {
  const counts = Object.fromEntries(ITEMS.slice(0, 5).map((i) => [i, int(rnd, 0, 40)]));
  return JSON.stringify(
    { site: pick(rnd, ["HS", "DK"]), counted_by: pick(rnd, PEOPLE), counts },
    null,
    2,
  );
}

export function emailBody(rnd: Rnd, middle: readonly string[]): string {
  return [
    `From: ${pick(rnd, ["orders@nordvikseafood.ie", "accounts@greenfieldproduce.ie", "sales@dairyhill.ie"])}`,
    `Subject: ${pick(rnd, ["Re: this week's order", "Invoice query", "Deliveries over Christmas"])}`,
    ``,
    `Hi Dani,`,
    `Thanks for the order, all noted on our side.`,
    ...middle,
    `Kind regards,`,
    `${pick(rnd, ["Sean", "Maeve", "Piotr"])}`,
  ].join("\n");
}

export function chatStamp(rnd: Rnd): string {
  return `[${pad(int(rnd, 1, 28))}/11/26, ${pad(int(rnd, 6, 23))}:${pad(int(rnd, 0, 59))}] ${pick(rnd, PEOPLE)}:`;
}

export function chatExport(rnd: Rnd, middle: readonly string[]): string {
  const lines = [
    `${chatStamp(rnd)} who took the last tub of creme fraiche`,
    `${chatStamp(rnd)} probe 2 batteries dead, using the spare`,
    ...middle,
    `${chatStamp(rnd)} ${pick(rnd, ["thumbs up", "on it", "ta", "see you at 7"])}`,
  ];
  return lines.join("\n");
}

/** A tool call name and a document with `middle` lines (possibly none) spliced in. */
export function toolDocument(
  rnd: Rnd,
  kind: string,
  middle: readonly string[],
): { tool: string; text: string } {
  const splice = (doc: string) => {
    const lines = doc.split("\n");
    const at = 1 + Math.floor(rnd() * lines.length);
    return [...lines.slice(0, at), ...middle, ...lines.slice(at)].join("\n");
  };
  switch (kind) {
    case "email":
      return { tool: "read_email", text: emailBody(rnd, middle) };
    case "chat":
      return { tool: "read_chat_export", text: chatExport(rnd, middle) };
    case "standards":
      return {
        tool: "read_sheet",
        text: [
          `standard,value,status,owner`,
          ...middle,
          `probe calibration,monthly,agreed,ops`,
        ].join("\n"),
      };
    case "prep":
      return { tool: "read_file", text: splice(prepSheet(rnd)) };
    default: {
      const makers = [posExport, priceList, haccpLog, allergenMatrix, rota, inventory];
      const tools = [
        "query_pos",
        "read_price_list",
        "read_haccp_log",
        "read_sheet",
        "read_rota",
        "read_inventory",
      ];
      const k = Math.floor(rnd() * makers.length);
      return { tool: tools[k] ?? "read_file", text: (makers[k] ?? posExport)(rnd) };
    }
  }
}
