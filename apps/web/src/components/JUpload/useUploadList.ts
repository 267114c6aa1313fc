import type { UploadProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_BIZ, uploadFile } from '../../api/upload';
import { feedback } from '../../utils/feedback';
import {
  emitValue,
  failureNotice,
  keepLast,
  pathsToFiles,
  settleFile,
  type UploadAnswer,
  type WidgetFile,
} from './upload-logic';

export interface UseUploadListOptions {
  value?: string | null;
  onChange?: (value: string) => void;
  /** keep at most this many files (0 = unlimited) */
  number?: number;
  /** server sub folder @default temp */
  biz?: string;
  /** another upload endpoint */
  action?: string;
}

/**
 * Headless upload list: the comma value as files, uploads through the http client (token header, progress), the
 * states uploading (percent) → done / error, and the comma paths emitted only when every file is done.
 */
export function useUploadList({ value, onChange, number = 0, biz = DEFAULT_BIZ, action }: UseUploadListOptions) {
  const [files, setFiles] = useState<WidgetFile[]>(() => pathsToFiles(value));
  const emitted = useRef<string | null>(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // an outside value (form reset, record loaded) replaces the list unless it is what we emitted
  useEffect(() => {
    const v = value ?? '';
    if (v === emitted.current) return;
    emitted.current = v;
    setFiles(pathsToFiles(v));
  }, [value]);

  const apply = useCallback((next: WidgetFile[]) => {
    setFiles(next);
    const out = emitValue(next);
    if (out !== null && out !== emitted.current) {
      emitted.current = out;
      onChangeRef.current?.(out);
    }
  }, []);

  const handleChange = useCallback<NonNullable<UploadProps<UploadAnswer>['onChange']>>(
    ({ file, fileList }) => {
      const next = keepLast(fileList.map(settleFile), number);
      const settled = next.find((f) => f.uid === file.uid);
      // a file that just failed is announced once: `{file} {message}.` or `{file} 上传失败.`
      if (settled?.status === 'error' && file.status !== 'removed') {
        const notice = failureNotice(settled);
        if (notice) feedback.message.error(notice);
      }
      apply(next);
    },
    [apply, number],
  );

  const customRequest = useCallback<NonNullable<UploadProps<UploadAnswer>['customRequest']>>(
    ({ file, onProgress, onSuccess, onError }) => {
      const controller = new AbortController();
      uploadFile(file as File, {
        biz,
        url: action,
        signal: controller.signal,
        onProgress: (percent) => onProgress?.({ percent }),
      }).then(
        (res) => onSuccess?.(res as UploadAnswer),
        (err: unknown) => onError?.(err instanceof Error ? err : new Error(String(err))),
      );
      return { abort: () => controller.abort() };
    },
    [biz, action],
  );

  return { fileList: files, onChange: handleChange, customRequest, setFiles: apply };
}
