// The strings of access (issue 29): the 403 page, restricted keys, the audit log page, the rail
// account banner, refund approvals; in French and English, a message table of the one mechanism
// (translate.ts). `en` must have exactly the keys of `fr` (the type says so).
import { type Locale, type Lookup, type MessageTable, translator } from './translate';

const fr = {
  forbiddenTitle: 'Accès refusé',
  forbiddenText: 'Votre rôle ({role}) ne permet pas d’ouvrir cette page ni de faire cette action. Demandez à un propriétaire du compte.',
  forbiddenBack: 'Retour aux paiements',
  navAudit: 'Journal',
  restrictedTitle: 'Clés restreintes',
  restrictedIntro:
    'Une clé restreinte (rk_…) ne peut que ce que vous cochez : donnez à un script de rapports la lecture seule, à un serveur les paiements sans les remboursements. Son secret n’est montré qu’une fois.',
  restrictedName: 'Nom de la clé',
  restrictedMode: 'Mode',
  restrictedPermissions: 'Permissions',
  restrictedCreate: 'Créer la clé restreinte',
  restrictedCreated: 'Clé restreinte « {name} » créée. Copiez son secret maintenant : il ne sera plus affiché.',
  restrictedSecret: 'Secret de la clé restreinte',
  restrictedNone: 'Aucune clé restreinte.',
  restrictedList: 'Vos clés restreintes',
  restrictedRevoke: 'Révoquer',
  restrictedRevoked: 'Clé révoquée : elle ne fonctionne plus.',
  restrictedInvalid: 'Donnez un nom (100 caractères au plus) et cochez au moins une permission.',
  restrictedNotGrantable:
    'Votre rôle ne permet pas de donner ces permissions à une clé : {permissions}. Une clé restreinte ne peut avoir que des permissions de votre propre rôle.',
  restrictedOnlyYours: 'Seules les permissions de votre rôle sont proposées.',
  rollOwnersOnly:
    'Seul un propriétaire peut renouveler les clés secrètes : elles donnent toutes les permissions, y compris sur les comptes qui reçoivent l’argent.',
  keyName: 'Nom',
  allPermissions: 'Toutes',
  auditTitle: 'Journal d’audit',
  auditIntro: 'Qui a fait quoi sur le compte, quand et d’où. Les secrets n’y figurent jamais, seulement leurs quatre derniers caractères.',
  auditAction: 'Action',
  auditActor: 'Auteur (id)',
  auditAnyAction: 'Toutes',
  auditFrom: 'Du',
  auditTo: 'Au (exclu)',
  auditFilter: 'Filtrer',
  auditExport: 'Exporter en CSV',
  auditNone: 'Aucune ligne pour ces filtres.',
  auditWhen: 'Quand',
  auditWho: 'Qui',
  auditWhat: 'Quoi',
  auditTarget: 'Sur',
  auditChanges: 'Changements',
  auditIp: 'Adresse',
  auditOlder: 'Plus anciennes',
  auditSystem: 'Caisse',
  bannerRailChanged: 'Le compte de réception de {rail} a changé le {date}, par {who}. Si ce n’est pas vous ou un collègue, vérifiez-le tout de suite.',
  bannerRailDisabled: 'Le compte de réception de {rail} a été désactivé le {date}, par {who}.',
  bannerRailCreated:
    'Un compte de réception a été connecté pour {rail} ({mode}) le {date}, par {who} : les nouveaux paiements y arrivent. Si ce n’est pas vous ou un collègue, vérifiez-le tout de suite.',
  bannerApprovalOff:
    'L’approbation des modifications des comptes de réception a été désactivée le {date}, par {who} : la modification d’un compte par un propriétaire s’applique désormais tout de suite. Si ce n’est pas vous ou un collègue, vérifiez-le tout de suite.',
  bannerOwnerAdded:
    '{subject} a été invité(e) ou nommé(e) propriétaire le {date}, par {who} : un propriétaire change où arrive l’argent et approuve les modifications des autres. Si ce n’est pas vous ou un collègue, vérifiez les utilisateurs tout de suite.',
  bannerTwoFactorReset:
    'La validation en deux étapes de {subject} a été réinitialisée le {date}, par {who} : son compte s’ouvre avec le seul mot de passe jusqu’à ce qu’il la réactive. Si ce n’est pas prévu, vérifiez les utilisateurs tout de suite.',
  bannerModeLive: 'mode live',
  bannerModeTest: 'mode test',
  bannerDismiss: 'J’ai vu',
  bannerLabel: 'Alertes de sécurité',
  approvalWaiting: 'En attente d’approbation',
  approvalApprove: 'Approuver',
  approvalReject: 'Refuser',
  approvalReason: 'Motif du refus',
  approvalApproved: 'Remboursement approuvé : il est envoyé.',
  approvalRejected: 'Remboursement refusé.',
  approvalSelf:
    'Vous ne pouvez pas approuver un remboursement que vous avez demandé (vous-même ou avec une clé d’API que vous avez créée) : un autre propriétaire ou administrateur doit le faire.',
  approvalAuthorGone: 'La clé d’API qui a demandé ce remboursement a été révoquée, ou son auteur désactivé : il ne peut plus qu’être refusé.',
  approvalGone: 'Ce remboursement n’attend plus d’approbation.',
  approvalAskedBy: 'Demandé par {who}',
  approvalsTitle: 'Remboursements à approuver',
  approvalsNone: 'Aucun remboursement n’attend d’approbation.',
  approvalCreated: 'Remboursement demandé : il attend l’approbation d’un propriétaire ou d’un administrateur.',
  thresholdsTitle: 'Approbation des remboursements',
  thresholdsIntro:
    'Quand les remboursements d’un même paiement (celui-ci compris) dépassent ce montant, le remboursement attend l’approbation d’un autre propriétaire ou administrateur. Vide : pas de seuil. Ceux du rôle support attendent toujours.',
  thresholdsSaved: 'Seuils d’approbation enregistrés.',
  thresholdsInvalid: 'Un seuil doit être un nombre entier positif, ou vide.',
  thresholdsOwnerOnly: 'Seul un propriétaire peut relever ou retirer un seuil : vous pouvez l’abaisser ou en ajouter un. Rien n’a été changé.',
  thresholdsOwnerNote: 'Vous pouvez abaisser un seuil ou en ajouter un ; seul un propriétaire peut le relever ou le retirer.',
  thresholdsSave: 'Enregistrer les seuils',
};

type AccessMessages = typeof fr;
export type AccessKey = keyof AccessMessages;

const en: MessageTable<AccessMessages> = {
  forbiddenTitle: 'Access denied',
  forbiddenText: 'Your role ({role}) does not allow opening this page or doing this. Ask an owner of the account.',
  forbiddenBack: 'Back to payments',
  navAudit: 'Audit log',
  restrictedTitle: 'Restricted keys',
  restrictedIntro:
    'A restricted key (rk_…) can do only what you tick: give a reporting script read-only access, a server payments without refunds. Its secret is shown once.',
  restrictedName: 'Key name',
  restrictedMode: 'Mode',
  restrictedPermissions: 'Permissions',
  restrictedCreate: 'Create the restricted key',
  restrictedCreated: 'Restricted key “{name}” made. Copy its secret now: it will not be shown again.',
  restrictedSecret: 'Restricted key secret',
  restrictedNone: 'No restricted key.',
  restrictedList: 'Your restricted keys',
  restrictedRevoke: 'Revoke',
  restrictedRevoked: 'Key revoked: it no longer works.',
  restrictedInvalid: 'Give a name (at most 100 characters) and tick at least one permission.',
  restrictedNotGrantable: 'Your role cannot give a key these permissions: {permissions}. A restricted key may hold only permissions of your own role.',
  restrictedOnlyYours: 'Only the permissions of your role are offered.',
  rollOwnersOnly: 'Only an owner can roll the secret keys: they hold every permission, over the accounts the money lands in too.',
  keyName: 'Name',
  allPermissions: 'All',
  auditTitle: 'Audit log',
  auditIntro: 'Who did what on the account, when and from where. Secrets never appear, only their last four characters.',
  auditAction: 'Action',
  auditActor: 'Actor (id)',
  auditAnyAction: 'All',
  auditFrom: 'From',
  auditTo: 'To (excluded)',
  auditFilter: 'Filter',
  auditExport: 'Export as CSV',
  auditNone: 'No line for these filters.',
  auditWhen: 'When',
  auditWho: 'Who',
  auditWhat: 'What',
  auditTarget: 'On',
  auditChanges: 'Changes',
  auditIp: 'Address',
  auditOlder: 'Older',
  auditSystem: 'Caisse',
  bannerRailChanged: 'The receive account of {rail} changed on {date}, by {who}. If it was not you or a colleague, check it now.',
  bannerRailDisabled: 'The receive account of {rail} was disabled on {date}, by {who}.',
  bannerRailCreated:
    'A receive account was connected for {rail} ({mode}) on {date}, by {who}: new payments on it land there. If it was not you or a colleague, check it now.',
  bannerApprovalOff:
    'Approval of rail account changes was turned off on {date}, by {who}: an owner’s change of where the money lands now applies at once. If it was not you or a colleague, check it now.',
  bannerOwnerAdded:
    '{subject} was invited or made an owner on {date}, by {who}: an owner changes where the money lands and approves the others’ changes. If it was not you or a colleague, check the users now.',
  bannerTwoFactorReset:
    '{subject}’s two-step sign-in was reset on {date}, by {who}: their account opens with the password alone until they set it up again. If this was not planned, check the users now.',
  bannerModeLive: 'live mode',
  bannerModeTest: 'test mode',
  bannerDismiss: 'Seen',
  bannerLabel: 'Security alerts',
  approvalWaiting: 'Waiting for approval',
  approvalApprove: 'Approve',
  approvalReject: 'Reject',
  approvalReason: 'Reason for rejecting',
  approvalApproved: 'Refund approved: it is being sent.',
  approvalRejected: 'Refund rejected.',
  approvalSelf: 'You cannot approve a refund you asked for (yourself or with an API key you made): another owner or admin must.',
  approvalAuthorGone: 'The API key that asked for this refund was revoked, or the user who asked for it disabled: it can only be rejected.',
  approvalGone: 'This refund no longer waits for approval.',
  approvalAskedBy: 'Asked for by {who}',
  approvalsTitle: 'Refunds to approve',
  approvalsNone: 'No refund waits for approval.',
  approvalCreated: 'Refund asked for: it waits for an owner’s or admin’s approval.',
  thresholdsTitle: 'Refund approval',
  thresholdsIntro:
    'When a payment’s refunds (this one included) go above this amount, the refund waits for the approval of another owner or admin. Empty: no threshold. Support’s refunds always wait.',
  thresholdsSaved: 'Approval thresholds saved.',
  thresholdsInvalid: 'A threshold must be a positive whole number, or empty.',
  thresholdsOwnerOnly: 'Only an owner can raise or remove a threshold: you may lower one or add one. Nothing was changed.',
  thresholdsOwnerNote: 'You may lower a threshold or add one; only an owner can raise or remove it.',
  thresholdsSave: 'Save the thresholds',
};

const TABLES: Record<Locale, MessageTable<AccessMessages>> = { fr, en };

export type TA = Lookup<AccessKey>;

/** Access's lookup for a locale, with `{placeholders}` filled from `vars`. */
export const ta: (locale: Locale) => TA = translator(TABLES);

export const accessMessages = TABLES;
