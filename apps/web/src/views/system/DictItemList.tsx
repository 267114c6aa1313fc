import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { CrudPage } from '../../components/kit';
import { dictItemPage } from './dict/dict-item.data';

/** Route page of the hidden menu system/DictItemList (`?dictId=…`): the items of one dictionary. */
export default function DictItemList() {
  const dictId = useSearchParams()[0].get('dictId') ?? '';
  return (
    <Card variant="borderless" title="字典列表">
      {dictId ? (
        <CrudPage schema={dictItemPage} fixedParams={{ dictId }} embedded />
      ) : (
        <span>请从数据字典列表中选择一个字典进行配置</span>
      )}
    </Card>
  );
}
