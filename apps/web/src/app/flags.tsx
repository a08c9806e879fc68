/** Flags drawn inline: emoji flags do not render on every system. */
export function NorwegianFlag(props: { className?: string }) {
  return (
    <svg viewBox="0 0 22 16" className={props.className} aria-hidden>
      <rect width="22" height="16" fill="#ba0c2f" />
      <path d="M6 0h4v16H6zM0 6h22v4H0z" fill="#fff" />
      <path d="M7 0h2v16H7zM0 7h22v2H0z" fill="#00205b" />
    </svg>
  );
}

export function EnglishFlag(props: { className?: string }) {
  return (
    <svg viewBox="0 0 60 30" className={props.className} aria-hidden>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#c8102e" strokeWidth="2" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
