import type { Email } from '../../integrations/mailer.ts'
import { emailLayout } from './email-layout.ts'

/** Spanish (es-AR, voseo) emails, plain text and HTML. */
export const emailTemplates = {
  loginCode(to: string, code: string): Email {
    const lines = [
      `Tu código para ingresar a Barrio es ${code}.`,
      'Vence en 10 minutos. No lo compartas con nadie.',
    ]
    return {
      to,
      subject: `Tu código de ingreso: ${code}`,
      text: lines.join('\n\n'),
      html: emailLayout('Tu código de ingreso', lines),
    }
  },
  passwordReset(to: string, url: string): Email {
    const lines = [
      'Recibimos un pedido para restablecer tu contraseña.',
      'Usá este enlace dentro de la próxima hora. Solo funciona una vez.',
    ]
    return {
      to,
      subject: 'Restablecé tu contraseña de Barrio',
      text: `${lines.join('\n\n')}\n\n${url}`,
      html: emailLayout('Restablecé tu contraseña', lines, {
        label: 'Elegir una contraseña nueva',
        url,
      }),
    }
  },
  welcome(to: string, name: string, verifyUrl: string): Email {
    const lines = [
      `¡Hola, ${name}! Tu cuenta de Barrio está lista.`,
      'Ya podés comprar en los comercios de tu barrio. Confirmá que este correo es tuyo con el enlace de abajo (vence en 3 días).',
      'Si no creaste esta cuenta, no toques el enlace: ingresá con un código a este correo y la cuenta queda solo para vos.',
    ]
    return {
      to,
      subject: 'Bienvenido a Barrio: confirmá tu correo',
      text: `${lines.join('\n\n')}\n\n${verifyUrl}`,
      html: emailLayout('Bienvenido a Barrio', lines, {
        label: 'Confirmar mi correo',
        url: verifyUrl,
      }),
    }
  },
  storeInvitation(
    to: string,
    invite: {
      storeName: string
      roleLabel: string
      inviterName: string
      url: string
      validDays: number
    },
  ): Email {
    const lines = [
      `${invite.inviterName} te invitó a sumarte al equipo de ${invite.storeName} en Barrio como ${invite.roleLabel}.`,
      `Abrí el enlace para aceptar: podés ingresar o crear tu cuenta con este correo en el camino. Vence en ${invite.validDays} días y funciona una sola vez.`,
      'Si no esperabas esta invitación, ignorá este correo.',
    ]
    return {
      to,
      subject: `Te invitaron al equipo de ${invite.storeName}`,
      text: `${lines.join('\n\n')}\n\n${invite.url}`,
      html: emailLayout(`Sumate a ${invite.storeName}`, lines, {
        label: 'Ver la invitación',
        url: invite.url,
      }),
    }
  },
  emailVerification(to: string, url: string): Email {
    const lines = [
      'Confirmá que este correo es tuyo para terminar de activar tu cuenta de Barrio.',
      'El enlace vence en 3 días y funciona una sola vez.',
    ]
    return {
      to,
      subject: 'Confirmá tu correo de Barrio',
      text: `${lines.join('\n\n')}\n\n${url}`,
      html: emailLayout('Confirmá tu correo', lines, { label: 'Confirmar mi correo', url }),
    }
  },
  merchantApproved(to: string, businessName: string): Email {
    const lines = [
      `Aprobamos tu solicitud para vender con ${businessName}.`,
      'Ya podés crear tu tienda desde el panel de vendedor.',
    ]
    return {
      to,
      subject: 'Ya podés vender en Barrio',
      text: lines.join('\n\n'),
      html: emailLayout('¡Bienvenido, vendedor!', lines),
    }
  },
  merchantReceived(to: string, businessName: string): Email {
    const lines = [
      `Recibimos tu solicitud para vender con ${businessName}.`,
      'Te avisamos por correo cuando la revisemos.',
    ]
    return {
      to,
      subject: 'Recibimos tu solicitud',
      text: lines.join('\n\n'),
      html: emailLayout('Solicitud recibida', lines),
    }
  },
  merchantRejected(to: string, businessName: string, reason: string): Email {
    const lines = [
      `Revisamos tu solicitud para vender con ${businessName} y por ahora no la podemos aprobar.`,
      `El motivo: ${reason}`,
      'Si podés resolverlo, volvé a enviar la solicitud desde tu cuenta y la revisamos de nuevo.',
    ]
    return {
      to,
      subject: 'Tu solicitud para vender en Barrio',
      text: lines.join('\n\n'),
      html: emailLayout('Revisamos tu solicitud', lines),
    }
  },
}
