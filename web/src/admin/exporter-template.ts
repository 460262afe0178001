// The landing-page template for the marketing platform: static sample content (spec §2).
export const PRODUCT = 'magyarul';
export const TEMPLATE_FILE = `${PRODUCT}-template.html`;
export const STYLES_FILE = `${PRODUCT}-styles.css`;

export const ASSET_PLACEHOLDERS = [
  'https://your-cdn.example/magyarul/logo.svg',
  'https://your-cdn.example/magyarul/hero.jpg',
  'https://your-cdn.example/magyarul/sample-lesson.mp3',
] as const;

export const SETUP_INSTRUCTIONS = [
  `Upload ${TEMPLATE_FILE} as a new page template in your marketing platform's design manager.`,
  `Upload ${STYLES_FILE} and link it from the template's <head> (replace styles.css with its URL).`,
  `Replace the placeholder asset URLs with your own files: ${ASSET_PLACEHOLDERS.join(', ')}.`,
  'Point the "Start Learning" and "Try a Lesson" buttons at your sign-up page, then publish.',
] as const;

export function templateHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Magyarul — Learn Hungarian through real conversations</title>
  <link rel="stylesheet" href="styles.css">
</head>
<body>
  <header class="mg-header">
    <img src="${ASSET_PLACEHOLDERS[0]}" alt="Magyarul" class="mg-logo">
    <a href="#signup" class="mg-button">Start Learning</a>
  </header>
  <section class="mg-hero" style="background-image: url('${ASSET_PLACEHOLDERS[1]}')">
    <h1>Learn Hungarian through real conversations</h1>
    <p>Audio dialogues with Anna and Bence, a synced transcript and flashcards that remember what you forget.</p>
    <a href="#signup" class="mg-button">Start Learning</a>
  </section>
  <section class="mg-stats">
    <div><strong>10,000+</strong><span>students</span></div>
    <div><strong>500+</strong><span>lessons</span></div>
    <div><strong>95%</strong><span>success</span></div>
    <div><strong>30 min</strong><span>daily</span></div>
  </section>
  <section class="mg-sample">
    <h2>Sample lesson: At the café</h2>
    <p>12 min · Beginner · 25 words</p>
    <audio controls src="${ASSET_PLACEHOLDERS[2]}"></audio>
    <p class="mg-rating">Rated 4.9 by our learners</p>
    <a href="#signup" class="mg-button">Try a Lesson</a>
  </section>
  <footer class="mg-footer" id="signup">© Magyarul</footer>
</body>
</html>
`;
}

export function templateCss(): string {
  return `:root { --mg-red: #c8102e; --mg-green: #2e7d32; --mg-ink: #1d1d1f; }
body { margin: 0; font-family: system-ui, sans-serif; color: var(--mg-ink); }
.mg-header { display: flex; justify-content: space-between; align-items: center; padding: 1rem 2rem; }
.mg-logo { height: 40px; }
.mg-button { background: var(--mg-red); color: #fff; padding: 0.75rem 1.5rem; border-radius: 999px; text-decoration: none; }
.mg-hero { padding: 5rem 2rem; text-align: center; background-size: cover; }
.mg-hero h1 { font-size: 2.5rem; }
.mg-stats { display: grid; grid-template-columns: repeat(4, 1fr); gap: 1rem; padding: 2rem; text-align: center; }
.mg-stats strong { display: block; font-size: 2rem; color: var(--mg-green); }
.mg-sample { max-width: 40rem; margin: 0 auto; padding: 2rem; text-align: center; }
.mg-rating { font-weight: 600; }
.mg-footer { padding: 2rem; text-align: center; color: #666; }
@media (max-width: 640px) { .mg-stats { grid-template-columns: repeat(2, 1fr); } }
`;
}
