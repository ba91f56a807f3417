// The plain-conversation detector: a step whose intent is only greetings, thanks
// or chit-chat gets no tools. Deliberately narrow: every word of the message must
// be a conversational word and the message must be short; anything that names a
// thing to do (a file, a number, a verb like "fix") is a task.
import { trimRun } from "../../shared/base/text-edges.ts";

/** Words in a chit-chat message: a longer message is a request even if friendly. */
export const MAX_CONVERSATION_WORDS = 10;

const CONVERSATIONAL = new Set([
  // greetings and farewells
  "hi",
  "hello",
  "hey",
  "heya",
  "hiya",
  "yo",
  "howdy",
  "greetings",
  "morning",
  "afternoon",
  "evening",
  "night",
  "good",
  "bye",
  "goodbye",
  "cya",
  "later",
  "see",
  "soon",
  "farewell",
  // thanks and acknowledgement
  "thanks",
  "thank",
  "thx",
  "ty",
  "cheers",
  "appreciated",
  "appreciate",
  "it",
  "ok",
  "okay",
  "cool",
  "great",
  "nice",
  "awesome",
  "perfect",
  "excellent",
  "wonderful",
  "brilliant",
  "sure",
  "yes",
  "yeah",
  "yep",
  "no",
  "nope",
  "fine",
  "alright",
  "lol",
  "haha",
  "wow",
  // small talk
  "how",
  "are",
  "you",
  "doing",
  "is",
  "going",
  "what's",
  "whats",
  "up",
  "sup",
  "there",
  "all",
  "well",
  "very",
  "much",
  "so",
  "a",
  "lot",
  "again",
  "to",
  "meet",
  "glad",
  "too",
  "and",
  "i'm",
  "im",
  "how's",
  "hows",
  "it's",
  "that's",
  "thats",
  "you're",
  "am",
  "just",
  "saying",
  "welcome",
  "pleasure",
  "my",
  "friend",
  "everyone",
  "folks",
  "team",
  "guys",
  "have",
  "day",
  "weekend",
  "the",
  "for",
  "your",
  "help",
  "work",
]);

/** True when `text` is only conversation (greeting, thanks, small talk). */
export function isPlainConversation(text: string): boolean {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .split(/[^a-z']+/)
    .filter((w) => w !== "");
  if (words.length === 0 || words.length > MAX_CONVERSATION_WORDS) {
    return false;
  }
  // Digits, paths or code in the message mean there is something to work on.
  if (/[0-9/\\{}<>=_]/.test(text)) {
    return false;
  }
  return words.every((w) => CONVERSATIONAL.has(trimRun(w, "'")));
}
