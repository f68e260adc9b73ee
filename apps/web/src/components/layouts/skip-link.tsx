import classes from './layouts.module.css'

/** First focusable element of every layout: jumps over the header to the page content. */
export function SkipLink() {
  return (
    <a href="#contenido" className={classes.skipLink}>
      Saltar al contenido
    </a>
  )
}
