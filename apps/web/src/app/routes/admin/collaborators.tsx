import { useParams } from 'react-router'

import { PlaceholderPage } from '@/components/placeholder-page'

export function AdminCollaboratorsPage() {
  return (
    <PlaceholderPage
      title="Colaboradores"
      description="Acá vas a invitar a las personas que te ayudan a administrar tu tienda."
    />
  )
}

export function AdminCollaboratorPage() {
  const { collaboratorId = '' } = useParams()
  return (
    <PlaceholderPage
      title="Colaborador"
      description={`Acá vas a ver y editar los permisos del colaborador ${collaboratorId}.`}
    />
  )
}
