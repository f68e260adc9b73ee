// Mantine's CSS for the first page (decision 016): the base layers and the components the
// header, the toasts and the catalogue (home, shops, shop, product) render, plus the ones they are
// built on (UnstyledButton, Paper, Loader...). Everything else is in mantine-deferred.ts, loaded
// with every other page, every dialog and after the first render. The .layer.css variants put
// Mantine in `@layer mantine`, so app CSS wins over it whatever order the stylesheets arrive in.
// Keep Mantine's own order (the order of @mantine/core/styles.css): components that share an
// element (Button on UnstyledButton) resolve equal-specificity rules by it.
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
import '@mantine/core/styles/Paper.layer.css'
import '@mantine/core/styles/Overlay.layer.css'
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/ActionIcon.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Group.layer.css'
import '@mantine/core/styles/Alert.layer.css'
import '@mantine/core/styles/Text.layer.css'
import '@mantine/core/styles/Anchor.layer.css'
import '@mantine/core/styles/Avatar.layer.css'
import '@mantine/core/styles/Badge.layer.css'
import '@mantine/core/styles/Button.layer.css'
import '@mantine/core/styles/Card.layer.css'
import '@mantine/core/styles/Center.layer.css'
import '@mantine/core/styles/Container.layer.css'
import '@mantine/core/styles/Indicator.layer.css'
import '@mantine/core/styles/Notification.layer.css'
import '@mantine/core/styles/Pagination.layer.css'
import '@mantine/core/styles/Progress.layer.css'
import '@mantine/core/styles/Tooltip.layer.css'
import '@mantine/core/styles/SimpleGrid.layer.css'
import '@mantine/core/styles/Skeleton.layer.css'
import '@mantine/core/styles/Stack.layer.css'
import '@mantine/core/styles/ThemeIcon.layer.css'
import '@mantine/core/styles/Title.layer.css'
import '@mantine/notifications/styles.layer.css'
