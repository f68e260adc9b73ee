import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core'

import classes from './theme.module.css'

/**
 * Barrio's green (WCAG 2.2 AA, checked in theme.test.ts): shade 7, the filled colour, carries
 * white text at 5.4:1 and reads on white at the same ratio; shade 4, the night-mode text and link
 * colour, reads at 5.8:1 on the dark body. Mantine's own greens fail (white on #37b24d is 2.7:1).
 */
export const barrioGreen: MantineColorsTuple = [
  '#e8f6ec',
  '#d0ecd8',
  '#a3d9b1',
  '#72c487',
  '#4cb266',
  '#2f9e4c',
  '#248a40',
  '#1b7a34',
  '#156a2c',
  '#0f5a24',
]

/**
 * Text colours Mantine leaves below 4.5:1: dimmed grey (#868e96 on white is 3.3:1; night mode's
 * #828282 on #242424 is 4.0:1), placeholders and the error red.
 */
export const contrastColors = {
  light: { dimmed: '#5c636a', placeholder: '#687078', error: '#c92a2a' },
  dark: { dimmed: '#9a9a9a', placeholder: '#a3a3a3', error: '#ff8787' },
} as const

/**
 * Mantine paints coloured text (`c="red"`), light badges and filled buttons with shades that fail
 * 4.5:1 for most colours (red #f03e3e on white 3.8:1, yellow #e67700 on its tint 2.7:1). One dark
 * tone per colour replaces them: as text on white and on the colour's light tint, and as the
 * filled background under white text, in both modes (night mode keeps Mantine's light text
 * shades, which pass on the dark body).
 */
export const accessibleTones = {
  red: '#b02525',
  orange: '#a33a08',
  yellow: '#8a5a00',
  lime: '#3f6b0a',
  teal: '#066649',
  cyan: '#0b7285',
  blue: '#1864ab',
  indigo: '#364fc7',
  violet: '#5f3dc4',
  grape: '#862e9c',
  pink: '#a61e4d',
} as const

function toneVariables(kinds: readonly ('text' | 'light-color' | 'filled' | 'outline')[]) {
  const variables: Record<string, string> = {}
  for (const [color, tone] of Object.entries(accessibleTones)) {
    for (const kind of kinds) variables[`--mantine-color-${color}-${kind}`] = tone
  }
  return variables
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...toneVariables(['text', 'light-color', 'filled', 'outline']),
    '--mantine-color-dimmed': contrastColors.light.dimmed,
    '--mantine-color-placeholder': contrastColors.light.placeholder,
    '--mantine-color-error': contrastColors.light.error,
  },
  dark: {
    ...toneVariables(['filled']),
    '--mantine-color-dimmed': contrastColors.dark.dimmed,
    '--mantine-color-placeholder': contrastColors.dark.placeholder,
    '--mantine-color-error': contrastColors.dark.error,
  },
})

export const theme = createTheme({
  colors: { green: barrioGreen },
  primaryColor: 'green',
  // The same filled shade in both modes: white text on it must pass in night mode too.
  primaryShade: { light: 7, dark: 7 },
  // The focus ring is 3:1 or more against the page in both modes (theme.module.css).
  focusClassName: classes.focus,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // md = 64em = 1024 px, the spec's mobile breakpoint, so `hiddenFrom="md"` matches isMobile.
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    // Every × gets a Spanish name (axe: buttons must have discernible text); a screen can still
    // pass its own, more precise one.
    // Their <header> is no second banner landmark beside the app's header (axe).
    // Plain objects, not `Modal.extend(…)`: importing the components here would put their code
    // (and ScrollArea, FocusTrap, inputs…) in the first page's bundle (decision 016).
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Cerrar' },
        attributes: { header: { role: 'presentation' } },
      } satisfies Partial<ModalProps>,
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Cerrar' },
        attributes: { header: { role: 'presentation' } },
      } satisfies Partial<DrawerProps>,
    },
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Cerrar aviso' },
      } satisfies Partial<NotificationProps>,
    },
    // Mantine's default label for the eye button is English; screen readers here speak Spanish.
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar la contraseña' },
      } satisfies Partial<PasswordInputProps>,
    },
  },
})
