/** A trust page's text in one language: sections of paragraphs, lists and links, rendered as plain elements. */
interface TrustSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** A path of the site ("/member?...") opens in the site; any other address in a new tab. */
  links?: { label: string; href: string; note: string }[];
}

interface TrustDocument {
  title: string;
  intro: string;
  updated: string;
  sections: TrustSection[];
}

export interface TrustContent {
  terms: TrustDocument;
  responsibleGaming: TrustDocument;
}

export type TrustKind = keyof TrustContent;
