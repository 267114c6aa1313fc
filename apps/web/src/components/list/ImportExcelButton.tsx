import { ImportOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Modal, Spin, Switch, type UploadFile } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { HttpError, http } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { IMPORT_MODAL_WIDTH, LIST_MESSAGES } from './constants';
import { type ImportOutcome, importOutcome } from './import-core';

/** the file picker and progress: loaded when the dialog first opens */
const ImportUpload = lazy(() => import('./ImportUpload'));

export interface ImportExcelButtonProps {
  /** the importExcel url of the list (`useListPage().importUrl`) */
  url: string;
  /** after an import that stored rows (all or some): reload the list */
  onDone?: () => void;
  text?: ReactNode;
  buttonProps?: ButtonProps;
  /** extra multipart fields */
  extraFields?: Record<string, string>;
  /** offer JeecgBoot's 实时校验 switch (online forms): sent as `validateStatus` 1 / 0 */
  validateChoice?: boolean;
}

type Phase = 'idle' | 'uploading' | 'processing';

function show(outcome: ImportOutcome) {
  if (outcome.kind === 'ok') feedback.message.success(outcome.message);
  else if (outcome.kind === 'fail') feedback.message.warning(outcome.message);
  else
    feedback.modal.warning({
      title: outcome.title,
      width: 480,
      content: (
        <div data-testid="import-partial">
          <div>{outcome.detail}</div>
          {outcome.href && (
            <div>
              具体详情请{' '}
              <a href={outcome.href} target="_blank" rel="noreferrer" download={outcome.fileName || true}>
                点击下载
              </a>
            </div>
          )}
        </div>
      ),
    });
}

/**
 * 导入 with its dialog (width 600): one .xls/.xlsx file, 开始上传 disabled until a file is chosen, upload progress
 * then 文件处理中; the dialog may be closed meanwhile (the result still shows and the list reloads).
 */
export function ImportExcelButton({
  url,
  onDone,
  text = '导入',
  buttonProps,
  extraFields,
  validateChoice,
}: ImportExcelButtonProps) {
  const [open, setOpen] = useState(false);
  const [validate, setValidate] = useState(true);
  const [file, setFile] = useState<UploadFile | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const start = async () => {
    const raw = file?.originFileObj as File | undefined;
    if (!raw) return;
    if (!url) {
      feedback.message.error(LIST_MESSAGES.noImportUrl);
      return;
    }
    // JeecgBoot's import modal sends `files[]` (spec 02 §9); the server reads any file part
    const fd = new FormData();
    fd.append('files[]', raw, raw.name);
    for (const [k, v] of Object.entries(extraFields ?? {})) fd.append(k, v);
    if (validateChoice) fd.append('validateStatus', validate ? '1' : '0');
    setPhase('uploading');
    setPercent(0);
    try {
      const res = await http.upload<unknown>(url, fd, {
        networkMessage: LIST_MESSAGES.uploadFailed,
        onUploadProgress: (p) => {
          setPercent(p);
          if (p >= 100) setPhase('processing');
        },
      });
      const outcome = importOutcome(res, raw.name);
      show(outcome);
      if (outcome.kind !== 'fail') {
        setFile(null);
        setOpen(false);
        onDoneRef.current?.();
      }
    } catch (err) {
      // a lost connection already said 文件上传失败 (networkMessage); server errors were shown by the client
      if (!(err instanceof HttpError)) feedback.message.warning(LIST_MESSAGES.uploadFailed);
    } finally {
      setPhase('idle');
      setPercent(0);
    }
  };

  const busy = phase !== 'idle';
  return (
    <>
      <Button icon={<ImportOutlined />} loading={busy} {...buttonProps} onClick={() => setOpen(true)}>
        {text}
      </Button>
      <Modal
        title="导入EXCEL"
        open={open}
        width={IMPORT_MODAL_WIDTH}
        onCancel={() => setOpen(false)}
        destroyOnHidden={false}
        footer={[
          <Button key="close" onClick={() => setOpen(false)}>
            关闭
          </Button>,
          <Button key="start" type="primary" disabled={!file} loading={busy} onClick={() => void start()}>
            {busy ? '上传中' : '开始上传'}
          </Button>,
        ]}
      >
        <Suspense
          fallback={
            <div style={{ minHeight: 32, display: 'flex', alignItems: 'center' }}>
              <Spin size="small" />
            </div>
          }
        >
          <ImportUpload
            file={file}
            onFile={setFile}
            busy={busy}
            percent={phase === 'uploading' ? percent : undefined}
          />
        </Suspense>
        {validateChoice && (
          <div style={{ marginTop: 12 }}>
            <span>实时校验：</span>
            <Switch
              size="small"
              checked={validate}
              disabled={busy}
              onChange={setValidate}
              checkedChildren="是"
              unCheckedChildren="否"
              aria-label="实时校验"
            />
          </div>
        )}
        {phase === 'processing' && (
          <div style={{ marginTop: 12 }}>
            <Spin size="small" /> <span style={{ marginLeft: 8 }}>{LIST_MESSAGES.importProcessing}</span>
          </div>
        )}
      </Modal>
    </>
  );
}

export default ImportExcelButton;
