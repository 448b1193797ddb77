/** The blog's starting articles, in both languages. Bodies are trusted HTML written by us. */
export interface SeedArticle {
  url: string;
  category: string;
  title: string;
  description: string;
  body: string;
  publishedAt: string;
}

export const CATEGORIES = {
  en: [
    { slug: 'reduce-pdf', name: 'Reduce PDF size', sort: 1 },
    { slug: 'pdf-guides', name: 'PDF guides', sort: 2 },
  ],
  fr: [
    { slug: 'reduce-pdf', name: 'Réduire la taille d’un PDF', sort: 1 },
    { slug: 'pdf-guides', name: 'Guides PDF', sort: 2 },
  ],
} as const;

export const ARTICLES: Record<'en' | 'fr', SeedArticle[]> = {
  en: [
    {
      url: 'why-is-my-pdf-so-large',
      category: 'reduce-pdf',
      title: 'Why is my PDF so large, and how do I make it smaller?',
      description: 'Where the megabytes in a PDF come from, and which compression level to pick for email, the web or print.',
      publishedAt: '2026-10-02',
      body: `<p>Almost every oversized PDF owes its size to images. A phone photo of a receipt is often 4000 pixels wide; placed on an A4 page it is stored at over 450 dots per inch, three times what a printer needs and ten times what a screen shows.</p>
<h2>What compression actually changes</h2>
<p>Sheaf's compressor lowers the resolution of images that exceed a target (for example 150 dpi at the <em>medium</em> level), re-encodes them as JPEG at a matching quality, then repacks the file's structure losslessly. Text, vector drawings and links are untouched, so the document stays sharp and searchable.</p>
<h2>Which level should I choose?</h2>
<ul><li><strong>Low</strong> (250 dpi): for print, where you want to keep detail.</li><li><strong>70% (recommended)</strong>: the best balance for most documents.</li><li><strong>High</strong> (72 dpi): for email attachments and web uploads with strict limits.</li></ul>
<p>If a file is already as small as it can be, Sheaf returns your original rather than a bigger copy, and tells you so.</p>`,
    },
    {
      url: 'email-attachment-size-limits',
      category: 'reduce-pdf',
      title: 'Email attachment limits: getting a PDF under 10 MB',
      description: 'The size limits of common mail services and a quick way to fit a scanned document under them.',
      publishedAt: '2026-10-15',
      body: `<p>Most mail services refuse attachments above 20 to 25 MB, and many company servers stop at 10 MB. Because attachments are encoded for transport, a 10 MB file takes about 13.5 MB of the allowance.</p>
<h2>Scanned documents</h2>
<p>Scanners often save colour pages at 300 or 600 dpi. Compressing at the <em>high</em> level brings a 30-page scan from tens of megabytes to a few, while the text stays legible on screen.</p>
<h2>Still too big?</h2>
<p>Split the document into parts with <a href="/split-pdf">Split PDF</a>, or remove pages you do not need with <a href="/delete-pages">Delete pages</a>.</p>`,
    },
    {
      url: 'merge-pdf-files-in-the-right-order',
      category: 'pdf-guides',
      title: 'How to merge PDF files in the right order',
      description: 'Combine several PDFs into one, choose the order, and keep links and form fields working.',
      publishedAt: '2026-11-03',
      body: `<p>Open <a href="/merge-pdf">Merge PDF</a>, add your files, and drag them into the order you want (or move them with the arrow buttons and the keyboard). The merged document follows exactly that order.</p>
<h2>What is kept</h2>
<p>Pages keep their links and form fields. Each input is checked and repaired first, so a slightly damaged file does not spoil the result. Password-protected files must be unlocked first with <a href="/unlock-pdf">Unlock PDF</a>.</p>
<h2>Privacy</h2>
<p>Your files and the result are deleted automatically 60 minutes after upload.</p>`,
    },
  ],
  fr: [
    {
      url: 'why-is-my-pdf-so-large',
      category: 'reduce-pdf',
      title: 'Pourquoi mon PDF est-il si lourd, et comment le réduire ?',
      description: 'D’où viennent les mégaoctets d’un PDF et quel niveau de compression choisir pour l’e-mail, le web ou l’impression.',
      publishedAt: '2026-10-02',
      body: `<p>Presque tous les PDF trop lourds le doivent à leurs images. Une photo de ticket prise au téléphone fait souvent 4000 pixels de large ; placée sur une page A4, elle est stockée à plus de 450 points par pouce, trois fois ce qu’il faut à une imprimante.</p>
<h2>Ce que change la compression</h2>
<p>Le compresseur de Sheaf réduit la résolution des images qui dépassent une cible (par exemple 150 dpi au niveau <em>moyen</em>), les réencode en JPEG avec une qualité adaptée, puis réorganise la structure du fichier sans perte. Le texte, les dessins vectoriels et les liens ne sont pas modifiés.</p>
<h2>Quel niveau choisir ?</h2>
<ul><li><strong>Faible</strong> (250 dpi) : pour l’impression.</li><li><strong>70 % (recommandé)</strong> : le meilleur équilibre pour la plupart des documents.</li><li><strong>Forte</strong> (72 dpi) : pour les pièces jointes et les formulaires en ligne aux limites strictes.</li></ul>
<p>Si un fichier est déjà aussi petit que possible, Sheaf vous rend l’original plutôt qu’une copie plus lourde, et vous le dit.</p>`,
    },
    {
      url: 'email-attachment-size-limits',
      category: 'reduce-pdf',
      title: 'Limites des pièces jointes : faire passer un PDF sous 10 Mo',
      description: 'Les limites de taille des messageries courantes et une façon rapide d’y faire entrer un document numérisé.',
      publishedAt: '2026-10-15',
      body: `<p>La plupart des messageries refusent les pièces jointes de plus de 20 à 25 Mo, et beaucoup de serveurs d’entreprise s’arrêtent à 10 Mo. L’encodage des pièces jointes ajoute environ un tiers à leur taille.</p>
<h2>Documents numérisés</h2>
<p>Les scanners enregistrent souvent les pages couleur à 300 ou 600 dpi. La compression <em>forte</em> ramène un scan de 30 pages de plusieurs dizaines de mégaoctets à quelques-uns, tout en gardant le texte lisible à l’écran.</p>
<h2>Encore trop lourd ?</h2>
<p>Divisez le document avec <a href="/fr/split-pdf">Diviser PDF</a>, ou retirez les pages inutiles avec <a href="/fr/delete-pages">Supprimer des pages</a>.</p>`,
    },
    {
      url: 'merge-pdf-files-in-the-right-order',
      category: 'pdf-guides',
      title: 'Fusionner des PDF dans le bon ordre',
      description: 'Réunir plusieurs PDF en un seul, choisir l’ordre et garder les liens et les champs de formulaire.',
      publishedAt: '2026-11-03',
      body: `<p>Ouvrez <a href="/fr/merge-pdf">Fusionner PDF</a>, ajoutez vos fichiers et faites-les glisser dans l’ordre voulu (ou déplacez-les avec les flèches et le clavier). Le document fusionné suit exactement cet ordre.</p>
<h2>Ce qui est conservé</h2>
<p>Les pages gardent leurs liens et leurs champs de formulaire. Chaque fichier est vérifié et réparé au besoin. Les fichiers protégés par mot de passe doivent d’abord être déverrouillés avec <a href="/fr/unlock-pdf">Déverrouiller PDF</a>.</p>
<h2>Confidentialité</h2>
<p>Vos fichiers et le résultat sont supprimés automatiquement 60 minutes après l’envoi.</p>`,
    },
  ],
};
