import { Card, Steps } from 'antd';
import { useState } from 'react';
import type { AlterationData } from './alteration-data';
import { Step2Phone } from './step2-phone';
import { Step3Password } from './step3-password';
import { Step4Done } from './step4-done';

export type { AlterationData } from './alteration-data';

/** Password alteration (spec 01 §2.1): 手机验证 → 密码 → 完成 (steps 2 to 4 of the original flow). */
export default function Alteration() {
  const [current, setCurrent] = useState(0);
  const [data, setData] = useState<AlterationData>({ username: '', phone: '', smscode: '' });
  return (
    <Card className="alteration-card" variant="borderless">
      <Steps
        current={current}
        responsive={false}
        size="small"
        items={[{ title: '手机验证' }, { title: '密码' }, { title: '完成' }]}
      />
      {current === 0 && (
        <Step2Phone
          onNext={(d) => {
            setData(d);
            setCurrent(1);
          }}
        />
      )}
      {current === 1 && <Step3Password data={data} onPrev={() => setCurrent(0)} onNext={() => setCurrent(2)} />}
      {current === 2 && <Step4Done username={data.username} />}
    </Card>
  );
}
