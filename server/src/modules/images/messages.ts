import { addMessages } from '../../platform/core/i18n';

/** The images module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  imgChooseHospital: '请选择医院',
  imgWrongFormat: '文件格式错误，只能上传单个 .dcm 或 .zip 文件',
  imgFileUploaded: '{{file}} 上传成功',
  imgFileDuplicate: '{{file}} 已在影像库中，未重复保存',
  imgFileFailed: '{{file}} 上传失败：{{reason}}',
  imgUploadDone: '上传完成：成功 {{ok}} 个，失败 {{failed}} 个',
  imgUploadDoneKnown: '上传完成：新存入 {{ok}} 个，已在影像库中 {{duplicates}} 个（未重复保存），失败 {{failed}} 个',
  imgNotDicom: '不是 DICOM 文件',
  imgTruncated: '文件不完整或已损坏',
  imgNoUid: '缺少 {{what}}',
  imgBadUid: '{{what}} 不是有效的 UID',
  imgDicomDir: 'DICOMDIR 索引文件，不是图像',
  imgUnreadable: '无法解析该 DICOM 文件',
  imgZipTooManyFiles: '压缩包内文件过多（超过 {{max}} 个），请分批上传',
  imgZipUnsafeName: '压缩包内有不安全的文件名（{{name}}，路径指向文件夹之外），未保存任何文件',
  imgZipBomb: '解压后大小是压缩后的 {{ratio}} 倍以上，疑似压缩炸弹，已拒绝',
  imgInflateBudget: '压缩包解压后超过 {{mib}} MB（疑似压缩炸弹），未保存任何文件；请分批上传',
  imgUidInUse: '其 UID 已被占用，不能保存到本院',
  imgIngestBusy: '影像上传处理繁忙，请 {{seconds}} 秒后重试',
  imgNoneSelected: '请选择图像',
  imgAllDeleted: '所选图像均已删除',
  imgNoneDeleted: '所选图像均未删除',
  imgRenderSyntax: '无法显示该图像：不支持传输语法 {{syntax}}，请下载 DICOM 原图（application/dicom）',
  imgRenderPixels: '无法显示该图像：不支持的像素格式（{{what}}）',
  imgFrameRange: '帧号应在 1 到 {{max}} 之间',
  imgNotAcceptableRs: '无法按所请求的格式（{{type}}）提供，可提供：{{offered}}',
  imgViewerReadOnly: '阅片令牌只能查看影像，不能存储影像',
  stowWrongType: '只接受 multipart/related; type="application/dicom"（DICOM Part 10 实例），不接受 {{type}}',
  stowNoBoundary: 'multipart/related 请求的 Content-Type 缺少 boundary 参数',
  stowMalformed: '请求体不是有效的 multipart/related 内容，未保存任何实例',
  stowTooManyParts: '一次请求的部分过多（超过 {{max}} 个），请分批发送',
  stowPartType: '类型 {{type}} 不是 application/dicom',
  stowStudyMismatch: '不属于请求地址中的检查',
} as const;

const en: Record<keyof typeof zh, string> = {
  imgChooseHospital: 'Please choose a hospital',
  imgWrongFormat: 'Wrong file format: upload a single .dcm or .zip file',
  imgFileUploaded: '{{file}} uploaded',
  imgFileDuplicate: '{{file}} is already in the archive; not stored again',
  imgFileFailed: '{{file}} failed: {{reason}}',
  imgUploadDone: 'Upload finished: {{ok}} uploaded, {{failed}} failed',
  imgUploadDoneKnown:
    'Upload finished: {{ok}} stored, {{duplicates}} already in the archive (not stored again), {{failed}} failed',
  imgNotDicom: 'not a DICOM file',
  imgTruncated: 'the file is truncated or damaged',
  imgNoUid: 'no {{what}}',
  imgBadUid: '{{what}} is not a valid UID',
  imgDicomDir: 'a DICOMDIR index, not an image',
  imgUnreadable: 'the DICOM file cannot be read',
  imgZipTooManyFiles: 'The zip holds too many files (more than {{max}}); upload it in parts',
  imgZipUnsafeName: 'Unsafe entry name in the zip ({{name}}: a path leading outside its folder); nothing was stored',
  imgZipBomb: 'it inflates to more than {{ratio}} times its compressed size (a suspected zip bomb)',
  imgInflateBudget:
    'The zip inflates to more than {{mib}} MB (a suspected zip bomb); nothing was stored: upload it in parts',
  imgUidInUse: 'its UIDs are already in use and it cannot be stored for this hospital',
  imgIngestBusy: 'Too many image uploads are being processed; try again in {{seconds}} seconds',
  imgNoneSelected: 'No image selected',
  imgAllDeleted: 'The selected images are all deleted already',
  imgNoneDeleted: 'None of the selected images is deleted',
  imgRenderSyntax:
    'This image cannot be shown: transfer syntax {{syntax}} is not supported; download the DICOM file (application/dicom)',
  imgRenderPixels: 'This image cannot be shown: pixel format not supported ({{what}})',
  imgFrameRange: 'The frame number must be between 1 and {{max}}',
  imgNotAcceptableRs: 'Cannot answer in the requested format ({{type}}); available: {{offered}}',
  imgViewerReadOnly: 'A viewer token only reads images; it cannot store them',
  stowWrongType: 'Only multipart/related; type="application/dicom" (DICOM Part 10 instances) is accepted, not {{type}}',
  stowNoBoundary: 'The multipart/related Content-Type has no boundary parameter',
  stowMalformed: 'The body is not valid multipart/related content; nothing was stored',
  stowTooManyParts: 'Too many parts in one request (more than {{max}}); send them in several requests',
  stowPartType: 'its type {{type}} is not application/dicom',
  stowStudyMismatch: 'not an instance of the study named in the URL',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
