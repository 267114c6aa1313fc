import { UploadOutlined } from '@ant-design/icons';
import { formatSize, imageUrl, isImage, OSS_URLS, type OssFile } from '../../../api/oss';
import { definePage } from '../../../components/kit';

/** 文件存储 (round 2 §3.1): every stored upload — the page's own and /sys/common/upload's. */
export const ossFilePage = definePage<OssFile>({
  name: 'oss-file',
  auth: 'oss',
  authCodes: { add: 'oss:upload', delete: 'oss:delete', deleteBatch: 'oss:delete', edit: 'oss:edit' },
  urls: { list: OSS_URLS.list, delete: OSS_URLS.delete },
  builtins: { add: false },
  selectable: false,
  superQuery: false,
  columns: [
    {
      field: 'fileName',
      title: '文件名称',
      align: 'left',
      minWidth: 260,
      render: (v, row) => (
        <span className="oss-file-name">
          {isImage(row) ? <img src={imageUrl(row)} alt="" className="oss-file-thumb" loading="lazy" /> : null}
          <span title={String(v ?? '')}>{String(v ?? '')}</span>
        </span>
      ),
    },
    { field: 'fileType', title: '类型', type: 'tag', width: 80, sorter: true },
    { field: 'fileSize', title: '大小', width: 100, sorter: true, render: (v) => formatSize(v as number | null) },
    { field: 'url', title: '存储路径', ellipsis: true, width: 280 },
    { field: 'createBy', title: '上传人', type: 'nowrap', width: 110, sorter: true },
    { field: 'createTime', title: '上传时间', type: 'datetime', sorter: true, width: 170 },
  ],
  query: [
    { field: 'fileName', label: '文件名称', rule: 'like' },
    { field: 'url', label: '存储路径', rule: 'like' },
  ],
  toolbar: [
    { key: 'upload', label: '上传文件', auth: 'oss:upload', icon: <UploadOutlined />, primary: true, run: 'upload' },
  ],
  rowActions: [
    { key: 'preview', label: '预览', run: 'preview', show: (r) => isImage(r) },
    { key: 'download', label: '下载', run: 'download' },
    { key: 'delete', label: '删除', run: 'delete', confirm: '是否删除选中文件?', danger: true },
  ],
  actionWidth: 170,
  form: [],
});
