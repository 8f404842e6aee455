import { sanitizeArticleHtml } from "../../lib/sanitize-html.server";
import type { ArticleSummary } from "./blog-posts";

export interface Article extends ArticleSummary {
  /** Written as HTML; always passed through the sanitiser before it reaches a page. */
  body: string;
}

// Spec part 1 §3 (blog article table): slugs, categories, read times and dates as listed.
const ARTICLES: Article[] = [
  {
    slug: "future-of-fashion-technology",
    title: "The Future of Fashion Technology",
    excerpt:
      "A garment that remembers who you met while wearing it. Why we stitched a quiet NFC tag into every Relevé piece, and what it does not do.",
    category: "Tech",
    readTime: "5 min",
    date: "2024-01-15",
    featured: true,
    image: "futureOfFashionTechnology",
    body: `
<p>For most of its history, a garment has been a beautiful object with a short memory. It remembers the hand that cut it and the body that wears it, and nothing else. The people you meet while wearing it, the conversation at a gallery opening, the name you meant to write down: all of that slips away the moment the evening ends.</p>
<p>Relevé began with a simple question. What if the piece itself could help you keep those moments, without a screen, an app or a business card in sight?</p>
<h2>A tag you will never notice</h2>
<p>Every Relevé garment carries a small NFC tag, woven into the label by hand in our atelier. It is thinner than the label itself, needs no battery and survives dry cleaning. You will not feel it, and nobody will see it. It holds exactly one thing: a short link that belongs to that garment alone.</p>
<p>When someone holds their phone near the label, the phone opens that link. No app is needed; any recent iPhone or Android phone reads NFC on its own. Our server looks at the garment and decides, in a few milliseconds, where the tap should lead.</p>
<ul>
<li><strong>An unclaimed piece</strong> invites its new owner to add it to their digital wardrobe.</li>
<li><strong>Your own piece</strong>, tapped with your own phone, opens its page in your wardrobe: its details, its taps, the people it introduced you to.</li>
<li><strong>Someone else's piece</strong> opens its wearer's card, showing only what they chose to share, with a form to send your own details back.</li>
</ul>
<h2>Privacy is the design, not a setting</h2>
<p>We were strict with ourselves about what the tag should never do. It holds no personal data, so a stranger with a reader learns nothing from the fabric. Each contact field on your card has its own switch, and a master switch turns sharing off entirely: the next tap shows a polite notice and nothing else. The decision is made on our server at the moment of the tap, so a change you make on your phone takes effect at once.</p>
<blockquote>Technology in fashion should behave like a good tailor: present when you need it, invisible when you do not.</blockquote>
<h2>Why a tap, and when a QR code</h2>
<p>A tap is closer to a handshake. It happens at conversational distance, it takes a second, and it leaves the cut and the cloth exactly as the designer intended: it is how a Relevé piece is meant to be met. Not every phone reads NFC, though, so a QR code is there as the fallback and opens the same page a tap would. The card a tap opens shows one for a friend without NFC to scan, each piece in your wardrobe has one of its own link to print or show, and our atelier prints a QR label of each tag's link when it programs a batch. Your dashboard also has one of your contact card, for the evenings you wear no Relevé piece. However it is opened, a card keeps the same privacy rules.</p>
<h2>What comes next</h2>
<p>We are working on event collections, so that every connection made at a show or a dinner is filed under that evening automatically, and on care records that travel with a piece when it is handed down. The principle will not change: the garment comes first, and the technology earns its place by staying out of the way.</p>
<p>If you would like to be among the first to wear it, <a href="/get-early-access">join the early access list</a>, or <a href="/nfc-demo">see a tap in action</a>.</p>
`,
  },
  {
    slug: "style-releve-networking-events",
    title: "How to Style Relevé for Networking Events",
    excerpt:
      "Three looks for evenings where you will meet a great many people, and how to make every introduction last longer than the drive home.",
    category: "Styling",
    readTime: "3 min",
    date: "2024-01-12",
    featured: false,
    image: "styleNetworkingEvents",
    body: `
<p>A networking evening asks two things of what you wear. It should let you forget about it, so your attention stays on the person in front of you. And it should be remembered, so that person can find you again tomorrow. Here is how we dress for those nights in the studio.</p>
<h2>1. The soft-shouldered blazer</h2>
<p>Our Merino Blazer is cut with an unstructured shoulder and a single button, so it moves when you reach for a glass or lean in to hear a name. Wear it over the Silk Shirt, open at the collar, with narrow trousers in the same charcoal. Keep jewellery to one piece. The label sits at the inside chest, exactly where a phone is naturally held during a handshake.</p>
<h2>2. The column gown</h2>
<p>For black-tie evenings, the Cashmere Gown does the work of a whole outfit. Its long, unbroken line photographs well from across a room, and it needs no more than a small bag and a low heel. Tell people where the tag is, at the left cuff, and they will tap it with a smile; it is a better opening line than any card.</p>
<h2>3. Suede and denim, for the gallery crowd</h2>
<p>Openings and studio visits call for something more relaxed. The Suede Jacket over a white tee and dark denim reads as considered without trying. Its cognac colour warms under gallery lighting, which is kinder than most people expect.</p>
<h2>Make the introduction count</h2>
<ul>
<li><strong>Curate before you leave.</strong> Open your profile and decide what tonight's card shows. Instagram for an opening, LinkedIn and email for a conference.</li>
<li><strong>Set the evening as your active event.</strong> Every connection made while it is active is filed under it, so next week you will know where you met each person.</li>
<li><strong>Follow up within two days.</strong> Your dashboard lists everyone who tapped, with the notes they left. Mark each one as contacted once you have written.</li>
</ul>
<blockquote>The best-dressed person in the room is rarely the loudest. They are the one people remember meeting.</blockquote>
<p>New to Relevé? Read <a href="/blog/future-of-fashion-technology">how the tag works</a>, then <a href="/get-early-access">ask for early access</a>.</p>
`,
  },
  {
    slug: "crafting-connection-making-releve",
    title: "Crafting Connection: The Making of Relevé",
    excerpt:
      "From the first bolt of bouclé to the last hand-stitched label: a morning in the atelier where every piece is finished, tagged and tested by hand.",
    category: "Behind the Scenes",
    readTime: "4 min",
    date: "2024-01-10",
    featured: false,
    image: "craftingConnection",
    body: `
<p>The atelier is quiet at eight in the morning. The cutting table has been cleared the night before, and the first bolt of the day, an undyed bouclé from a mill we have worked with for years, is rolled out and left to rest. Cloth moves after it is unrolled; cutting it straight away is how a sleeve ends up a few millimetres short by the evening.</p>
<h2>Cut, then wait</h2>
<p>Each pattern is laid out by hand, with the grain of the cloth checked against the pattern's grain line along its full length. Our cutters work with shears rather than blades for anything tailored, because shears let them feel the weave change under their hand. A jacket takes most of a morning to cut; a gown, longer.</p>
<h2>The label comes last</h2>
<p>People are often surprised that the tag is among the last things to go into a piece. It is woven into the label, and the label is stitched in by hand once the garment has been pressed and inspected. Placing it earlier would mean pressing over it again and again.</p>
<p>Before a label is sewn, its tag is programmed with the garment's own short link, then read back on three different phones. If any of them hesitates, the label is set aside. It is a small ritual, and it means that the first tap of a piece's life, in a boutique or at a dinner, works the first time.</p>
<blockquote>We test every tag the way we test every buttonhole: by using it, more than once, with different hands.</blockquote>
<h2>Made to be passed on</h2>
<p>A Relevé piece is made to last decades, and its tag is made to last with it. When a garment changes hands, its new owner claims it into their own wardrobe, and its history of connections stays with the person who made them. The cloth is handed down; the address book is not.</p>
<ul>
<li>Natural fibres from mills we visit in person.</li>
<li>Seams finished by hand on every tailored piece.</li>
<li>One tag, one link, tested on three phones before it leaves us.</li>
</ul>
<p>You can see a tag at work on our <a href="/nfc-demo">NFC demo</a>, or read about <a href="/blog/style-releve-networking-events">wearing Relevé to an event</a>.</p>
`,
  },
];

/** Listing data: no bodies, so the blog index stays small. Newest first. */
export function listArticles(): ArticleSummary[] {
  return ARTICLES.map(({ body: _body, ...summary }) => summary).sort((a, b) => b.date.localeCompare(a.date));
}

/** One article with its body sanitised to the spec's allow-list; null for an unknown slug. */
export function getArticle(slug: string): (ArticleSummary & { html: string }) | null {
  const article = ARTICLES.find((a) => a.slug === slug);
  if (!article) return null;
  const { body, ...summary } = article;
  return { ...summary, html: sanitizeArticleHtml(body) };
}

/** The featured article (the editorial teaser on the landing and Learn More pages). */
export function featuredArticle(): ArticleSummary | null {
  return listArticles().find((a) => a.featured) ?? null;
}
