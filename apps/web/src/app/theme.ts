import { createTheme, PasswordInput } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // md = 64em = 1024 px, the spec's mobile breakpoint, so `hiddenFrom="md"` matches isMobile.
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    // Mantine's default label for the eye button is English; screen readers here speak Spanish.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar la contraseña' } },
    }),
  },
})
