// The sixteen planted facts of the "sealed-15" compression family (a book publisher's
// production session): each fact's whole subject, its look-alike (the subject plus a
// qualifier) and a pool of values in the formats a publishing team writes them.
// Used by corpora/compression-sealed-15.ts to draw each seed's values.

export interface FactDef {
  subject: string;
  lookAlike: string;
  /** Distinct values; none is a whole-word part of another. */
  pool: readonly string[];
}

/** An ISBN-13 with a valid check digit, hyphenated as 978-1-XXXXX-XXX-C. */
function isbn(rnd: () => number): string {
  const digits = [9, 7, 8, 1, ...Array.from({ length: 8 }, () => Math.floor(rnd() * 10))];
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  const check = (10 - (sum % 10)) % 10;
  const body = digits.slice(4).join("");
  return `978-1-${body.slice(0, 5)}-${body.slice(5)}-${check}`;
}

function isbnPool(rnd: () => number): string[] {
  const out = new Set<string>();
  while (out.size < 8) {
    out.add(isbn(rnd));
  }
  return [...out];
}

export function factDefs(rnd: () => number): FactDef[] {
  return [
    {
      subject: "first print run of the hardback",
      lookAlike: "first print run of the hardback for the UK market",
      pool: [
        "6,000 copies",
        "7,500 copies",
        "8,200 copies",
        "5,000 copies",
        "10,000 copies",
        "12,500 copies",
        "9,000 copies",
        "4,500 copies",
      ],
    },
    {
      subject: "US list price of the paperback",
      lookAlike: "US list price of the paperback for the book-club edition",
      pool: ["$18.99", "$19.99", "US$17.50", "$21.00", "USD 16.99", "$22.95", "$20.49", "US$18.25"],
    },
    {
      subject: "on-sale date of the hardback",
      lookAlike: "on-sale date of the hardback in Canada",
      pool: [
        "12 March 2027",
        "2027-04-09",
        "May 4, 2027",
        "Tuesday 18 May 2027",
        "2027-06-01",
        "9 February 2027",
        "March 30, 2027",
        "2027-05-25",
      ],
    },
    {
      subject: "ISBN of the ebook",
      lookAlike: "ISBN of the ebook for the library edition",
      pool: isbnPool(rnd),
    },
    {
      subject: "paper stock for the interior",
      lookAlike: "paper stock for the interior of the illustrated edition",
      pool: [
        "50# Glatfelter Natural",
        "55# Domtar Cream",
        "60# Sylvan Offset",
        "45# Finch Opaque",
        "50# Rolland Enviro",
        "55# Sappi Somerset",
        "60# Finch Fine",
        "52# Holmen Book Cream",
      ],
    },
    {
      subject: "trim size of the trade paperback",
      lookAlike: "trim size of the trade paperback for the export edition",
      pool: [
        "5.5 x 8.5 in",
        "6 x 9 in",
        "5.25 x 8 in",
        "5.06 x 7.81 in",
        "129 x 198 mm",
        "135 x 216 mm",
        "5.5 x 8.25 in",
        "153 x 234 mm",
      ],
    },
    {
      subject: "page count of the typeset proof",
      lookAlike: "page count of the typeset proof for the large-print edition",
      pool: [
        "352 pages",
        "368 pp.",
        "384 pages",
        "336 pp.",
        "400 pages",
        "344 pages",
        "376 pp.",
        "392 pages",
      ],
    },
    {
      subject: "permissions fee for the epigraph",
      lookAlike: "permissions fee for the epigraph in the audiobook",
      pool: ["£450", "£300", "£375", "£520", "GBP 280", "£610", "£225", "GBP 395"],
    },
    {
      subject: "unit cost quoted by the printer",
      lookAlike: "unit cost quoted by the printer for the paperback",
      pool: ["$3.42", "$3.18", "$2.96", "$3.57", "$3.09", "$2.88", "$3.71", "$3.25"],
    },
    {
      subject: "second-pass proofreading deadline",
      lookAlike: "second-pass proofreading deadline for the index",
      pool: [
        "Friday 15 January",
        "January 22",
        "2027-01-29",
        "Feb 3",
        "Monday 8 February",
        "February 12",
        "2027-01-18",
        "Jan 26",
      ],
    },
    {
      subject: "jacket designer of the hardback",
      lookAlike: "jacket designer of the hardback for the audiobook edition",
      pool: [
        "Mira Castellanos",
        "Tobias Wren",
        "Ada Okonkwo",
        "Lena Furst",
        "Sam Achterberg",
        "Ines Moreau",
        "Jun Takeda",
        "Priya Bhatt",
      ],
    },
    {
      subject: "embargo time for the launch announcement",
      lookAlike: "embargo time for the launch announcement in Australia",
      pool: [
        "09:00 ET",
        "06:00 GMT",
        "10:30 ET",
        "08:00 BST",
        "07:00 PT",
        "11:00 ET",
        "05:00 GMT",
        "12:00 ET",
      ],
    },
    {
      subject: "audio rights holder",
      lookAlike: "audio rights holder for the translated edition",
      pool: [
        "Blackstone Audio",
        "Tantor Media",
        "Brilliance Audio",
        "Recorded Books",
        "Dreamscape Media",
        "Hachette Audio",
        "Podium Audio",
        "Oasis Audio",
      ],
    },
    {
      subject: "retail discount for independent bookstores",
      lookAlike: "retail discount for independent bookstores in the export market",
      pool: ["46%", "42%", "48%", "45%", "50%", "44%", "47%", "43%"],
    },
    {
      subject: "spine width of the hardback",
      lookAlike: "spine width of the hardback with the deckle edge",
      pool: ["1.125 in", "29 mm", "1.25 in", "31 mm", "1.0625 in", "27 mm", "1.1875 in", "33 mm"],
    },
    {
      subject: "launch event venue",
      lookAlike: "launch event venue for the London stop",
      pool: [
        "Powell's City of Books",
        "Book Passage",
        "Politics and Prose",
        "Elliott Bay Book Company",
        "Parnassus Books",
        "Tattered Cover",
        "BookPeople",
        "Greenlight Bookstore",
      ],
    },
  ];
}
