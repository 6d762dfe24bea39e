/** The upload dialog and the tag picker it shares with the edit dialog (spec 02 sections 3-5). */
export const documentUpload = {
  title: 'Upload documents',
  loading: 'Loading the upload form',
  dropzone: {
    label: 'Drag files here, or choose them',
    hint: 'Up to {{maxFiles}} files, {{maxSize}} each',
    browse: 'Choose files',
  },
  files: {
    caption: 'Files to upload',
    name: 'File',
    size: 'Size',
    progress: 'Progress',
    progressOf: 'Upload progress of {{name}}',
    remove: 'Remove {{name}}',
    waiting: 'Waiting',
    uploaded: 'Uploaded',
  },
  limits: {
    tooLarge: '{{name}} is larger than {{maxSize}} and was not added',
    tooMany: 'At most {{maxFiles}} files can be uploaded at once; {{count}} were not added',
  },
  fields: {
    client: 'Client',
    clientPlaceholder: 'Search by name',
    service: 'Service',
    description: 'Description',
    displayName: 'Document name',
    onBehalf: 'Upload on behalf of the client',
    onBehalfHint: 'The document then counts as the client’s own upload',
  },
  tags: {
    label: 'Tags',
    choose: 'Choose a tag',
    chooseServiceFirst: 'Choose a service first',
    noneForService: 'No tags for this service',
    loadError: "An error occurred. Couldn't fetch data.",
    required: 'Choose a tag in {{groups}}',
    oneTagPerGroup: 'Choose only one tag in {{groups}}',
    notAvailable: 'A chosen tag does not apply to this service',
  },
  fileErrors: {
    tooLarge: 'The file is larger than {{maxSize}}',
    typeNotAllowed: 'This file type is not allowed',
    empty: 'The file is empty',
    generic: 'The file could not be uploaded',
  },
  actions: {
    upload: 'Upload',
  },
  messages: {
    uploaded: 'Document(s) have been uploaded successfully',
    uploadError_one: 'An error occurred. {{count}} file could not be uploaded',
    uploadError_other: 'An error occurred. {{count}} files could not be uploaded',
  },
  confirmClose: {
    title: 'Stop uploading?',
    message: 'Files still being sent will not be uploaded. Files already uploaded stay.',
    confirm: 'Stop uploading',
  },
} as const;
