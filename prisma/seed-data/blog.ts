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
    {
      url: 'how-to-reduce-pdf-size',
      category: 'reduce-pdf',
      title: 'How to reduce the size of a PDF, step by step',
      description: 'Make a PDF several times smaller for email or upload: which setting to pick, how to check the result, and what to do when compression is not enough.',
      publishedAt: '2026-11-10',
      body: `<p>A PDF that is too large to email or upload can usually be made several times smaller without any visible change on screen. Here is how to do it with Sheaf, and how to get the most out of it.</p>
<h2>1. Open Compress PDF and add your file</h2>
<p>Go to <a href="/compress-pdf">Compress PDF</a> and drop your file onto the page, or click to choose it. You do not need an account to compress a file.</p>
<h2>2. Choose how much to compress</h2>
<p>The recommended setting, 70%, suits most documents. Choose a lower percentage for a smaller file that only has to be read on screen, and <em>Low compression</em> when the document will be printed. <em>Custom resolution</em> lets you pick the image resolution yourself, between 100 and 300 dpi: the smaller the number, the smaller the file and the softer the images.</p>
<h2>3. Check the result</h2>
<p>Sheaf shows the new size and how much was saved. Open the result and zoom in on a photo or a signature: if it looks too soft, compress the original again with a gentler setting. Text and vector drawings are never degraded, whatever the setting.</p>
<h2>When compression cannot help much</h2>
<ul><li><strong>Text-only documents</strong> are already compact: a 200-page report without pictures is often under 1 MB.</li><li><strong>Files that were compressed before</strong> have little left to gain. Sheaf then gives you back your original rather than a larger copy.</li><li><strong>Very long scans</strong> stay large even when compressed. <a href="/split-pdf">Split them</a> into parts, or <a href="/delete-pages">remove the pages</a> you do not need.</li></ul>
<h2>Keep your original</h2>
<p>Compression discards image detail for good, so keep the original if you may need to print it at full quality later. The file you upload and the compressed copy are deleted from Sheaf’s servers automatically, as our <a href="/privacy-policy">privacy policy</a> explains.</p>`,
    },
    {
      url: 'convert-scanned-pdf-to-word-with-ocr',
      category: 'pdf-guides',
      title: 'How to turn a scanned PDF into an editable Word document',
      description: 'Use OCR to get editable text out of a scan: choosing the language and the output, and how to get the most accurate result.',
      publishedAt: '2026-11-17',
      body: `<p>A scanned document is a picture of a page: you can read it, but you cannot select, search or edit its text. Optical character recognition (OCR) reads the picture and rebuilds the text. Here is how to get an editable Word document from a scan.</p>
<h2>1. Open PDF OCR and add the scan</h2>
<p>Open <a href="/pdf-ocr">PDF OCR</a> and add your scanned PDF. Photos and images of pages (JPG, PNG, TIFF, BMP or WebP) work too.</p>
<h2>2. Choose the document’s language</h2>
<p>Recognition is much more accurate when it knows the language, because it then expects that language’s letters, accents and words. English, French, German, Spanish, Italian, Portuguese and Simplified Chinese are available, and you can choose up to three for a document that mixes them.</p>
<h2>3. Choose Word as the output</h2>
<p>Word gives you a .docx file with the text as paragraphs you can edit. Excel puts tables into cells, PowerPoint gives one slide per page, and plain text keeps only the words. The searchable PDF option keeps your pages exactly as they look and adds an invisible layer of text, so you can search and copy without changing the document.</p>
<h2>Getting an accurate result</h2>
<ul><li>Scan at 300 dpi: below 200 dpi, small print is often misread.</li><li>Crooked and upside-down pages are straightened automatically, but a sharp, evenly lit scan always reads better than a photo taken in shadow.</li><li>Printed text is recognised well; handwriting mostly is not.</li><li>Proofread names, numbers and amounts before you rely on them.</li></ul>
<p>Pages that already contain real text are kept as they are, so a document that mixes typed and scanned pages comes out whole. Documents of up to 100 pages are accepted.</p>`,
    },
    {
      url: 'password-protect-a-pdf',
      category: 'pdf-guides',
      title: 'How to password-protect a PDF, and what the password really does',
      description: 'Add a password to a PDF, pick the right encryption, and share the document safely.',
      publishedAt: '2026-11-20',
      body: `<p>A password on a PDF makes sure that only the people you give it to can open the document. Here is how to add one, and what it does and does not protect.</p>
<h2>Add a password</h2>
<p>Open <a href="/protect-pdf">Protect PDF</a>, add your file and type a password of 2 to 20 characters. Then choose the encryption: 128-bit AES opens in every PDF reader of the last fifteen years, and 256-bit AES is stronger and opens in all current readers. From then on, the protected copy asks for the password before it shows anything.</p>
<h2>Choose a good password</h2>
<ul><li>Use as many of the 20 characters as you can: a few unrelated words are long and still easy to remember.</li><li>Send the password by another route than the file: if the PDF goes by email, give the password by phone or text message.</li><li>Keep it somewhere safe. A forgotten PDF password cannot be recovered: the encryption is the protection.</li></ul>
<h2>What the password protects</h2>
<p>The whole content of the document is encrypted: without the password, nobody can read its text or images, whatever program they use. The file name and size are not hidden, so keep confidential details out of the name.</p>
<h2>Removing the password</h2>
<p>To remove the protection from a PDF you can open, use <a href="/unlock-pdf">Unlock PDF</a> with its password. Sheaf cannot open a document whose password you do not know.</p>`,
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
    {
      url: 'how-to-reduce-pdf-size',
      category: 'reduce-pdf',
      title: 'Comment réduire la taille d’un PDF, étape par étape',
      description: 'Rendre un PDF plusieurs fois plus léger pour l’e-mail ou un envoi en ligne : quel réglage choisir, comment vérifier le résultat et que faire si la compression ne suffit pas.',
      publishedAt: '2026-11-10',
      body: `<p>Un PDF trop lourd pour un e-mail ou un formulaire en ligne peut en général être rendu plusieurs fois plus léger sans différence visible à l’écran. Voici comment faire avec Sheaf, et comment en tirer le meilleur parti.</p>
<h2>1. Ouvrez Compresser PDF et ajoutez votre fichier</h2>
<p>Rendez-vous sur <a href="/fr/compress-pdf">Compresser PDF</a> et déposez votre fichier sur la page, ou cliquez pour le choisir. Aucun compte n’est nécessaire pour compresser un fichier.</p>
<h2>2. Choisissez le niveau de compression</h2>
<p>Le réglage recommandé, 70 %, convient à la plupart des documents. Choisissez un pourcentage plus bas pour un fichier plus léger destiné à l’écran, et <em>Compression faible</em> si le document doit être imprimé. <em>Résolution personnalisée</em> vous laisse choisir vous-même la résolution des images, entre 100 et 300 dpi : plus le nombre est petit, plus le fichier est léger et les images douces.</p>
<h2>3. Vérifiez le résultat</h2>
<p>Sheaf affiche la nouvelle taille et le gain obtenu. Ouvrez le résultat et zoomez sur une photo ou une signature : si elle vous paraît trop floue, compressez l’original de nouveau avec un réglage plus doux. Le texte et les dessins vectoriels ne sont jamais dégradés, quel que soit le réglage.</p>
<h2>Quand la compression ne suffit pas</h2>
<ul><li><strong>Les documents sans images</strong> sont déjà compacts : un rapport de 200 pages sans illustrations pèse souvent moins de 1 Mo.</li><li><strong>Les fichiers déjà compressés</strong> n’ont plus grand-chose à gagner. Sheaf vous rend alors votre original plutôt qu’une copie plus lourde.</li><li><strong>Les très longs scans</strong> restent lourds même compressés. <a href="/fr/split-pdf">Divisez-les</a> en plusieurs parties, ou <a href="/fr/delete-pages">supprimez les pages</a> inutiles.</li></ul>
<h2>Gardez votre original</h2>
<p>La compression supprime définitivement des détails des images : conservez l’original si vous risquez d’avoir à l’imprimer en pleine qualité. Le fichier envoyé et la copie compressée sont supprimés automatiquement des serveurs de Sheaf, comme l’explique notre <a href="/fr/privacy-policy">politique de confidentialité</a>.</p>`,
    },
    {
      url: 'convert-scanned-pdf-to-word-with-ocr',
      category: 'pdf-guides',
      title: 'Comment transformer un PDF numérisé en document Word modifiable',
      description: 'Utiliser l’OCR pour obtenir un texte modifiable à partir d’un scan : choisir la langue et le format de sortie, et obtenir le résultat le plus fidèle.',
      publishedAt: '2026-11-17',
      body: `<p>Un document numérisé est une image de page : on peut le lire, mais pas sélectionner, rechercher ni modifier son texte. La reconnaissance optique de caractères (OCR) lit l’image et reconstitue le texte. Voici comment obtenir un document Word modifiable à partir d’un scan.</p>
<h2>1. Ouvrez OCR PDF et ajoutez le scan</h2>
<p>Ouvrez <a href="/fr/pdf-ocr">OCR PDF</a> et ajoutez votre PDF numérisé. Les photos et images de pages (JPG, PNG, TIFF, BMP ou WebP) fonctionnent aussi.</p>
<h2>2. Indiquez la langue du document</h2>
<p>La reconnaissance est bien plus fiable lorsqu’elle connaît la langue, car elle s’attend alors à ses lettres, à ses accents et à ses mots. L’anglais, le français, l’allemand, l’espagnol, l’italien, le portugais et le chinois simplifié sont disponibles, et vous pouvez en choisir jusqu’à trois pour un document qui les mélange.</p>
<h2>3. Choisissez Word comme format de sortie</h2>
<p>Word vous donne un fichier .docx dont le texte forme des paragraphes modifiables. Excel place les tableaux dans des cellules, PowerPoint donne une diapositive par page, et le texte brut ne garde que les mots. L’option PDF interrogeable conserve vos pages telles quelles et y ajoute une couche de texte invisible, pour rechercher et copier sans modifier le document.</p>
<h2>Obtenir un résultat fidèle</h2>
<ul><li>Numérisez à 300 dpi : en dessous de 200 dpi, les petits caractères sont souvent mal lus.</li><li>Les pages de travers ou à l’envers sont redressées automatiquement, mais un scan net et bien éclairé se lit toujours mieux qu’une photo prise dans l’ombre.</li><li>Le texte imprimé est bien reconnu ; l’écriture manuscrite, rarement.</li><li>Relisez les noms, les chiffres et les montants avant de vous y fier.</li></ul>
<p>Les pages qui contiennent déjà du vrai texte sont conservées telles quelles : un document qui mélange pages tapées et pages numérisées ressort complet. Les documents jusqu’à 100 pages sont acceptés.</p>`,
    },
    {
      url: 'password-protect-a-pdf',
      category: 'pdf-guides',
      title: 'Comment protéger un PDF par mot de passe, et ce que fait vraiment ce mot de passe',
      description: 'Ajouter un mot de passe à un PDF, choisir le bon chiffrement et partager le document en toute sécurité.',
      publishedAt: '2026-11-20',
      body: `<p>Un mot de passe sur un PDF garantit que seules les personnes à qui vous le donnez peuvent ouvrir le document. Voici comment en ajouter un, et ce qu’il protège ou non.</p>
<h2>Ajouter un mot de passe</h2>
<p>Ouvrez <a href="/fr/protect-pdf">Protéger PDF</a>, ajoutez votre fichier et saisissez un mot de passe de 2 à 20 caractères. Choisissez ensuite le chiffrement : l’AES 128 bits s’ouvre dans tous les lecteurs PDF des quinze dernières années, l’AES 256 bits est plus robuste et s’ouvre dans tous les lecteurs actuels. Dès lors, la copie protégée demande le mot de passe avant d’afficher quoi que ce soit.</p>
<h2>Choisir un bon mot de passe</h2>
<ul><li>Utilisez autant des 20 caractères que possible : quelques mots sans rapport entre eux font un mot de passe long et facile à retenir.</li><li>Transmettez le mot de passe par un autre canal que le fichier : si le PDF part par e-mail, donnez le mot de passe par téléphone ou par SMS.</li><li>Conservez-le en lieu sûr. Un mot de passe PDF oublié ne peut pas être retrouvé : c’est le chiffrement qui protège le document.</li></ul>
<h2>Ce que protège le mot de passe</h2>
<p>Tout le contenu du document est chiffré : sans le mot de passe, personne ne peut lire son texte ni ses images, quel que soit le logiciel utilisé. Le nom et la taille du fichier ne sont pas masqués : n’y mettez pas d’informations confidentielles.</p>
<h2>Retirer le mot de passe</h2>
<p>Pour retirer la protection d’un PDF que vous pouvez ouvrir, utilisez <a href="/fr/unlock-pdf">Déverrouiller PDF</a> avec son mot de passe. Sheaf ne peut pas ouvrir un document dont vous ne connaissez pas le mot de passe.</p>`,
    },
  ],
};
