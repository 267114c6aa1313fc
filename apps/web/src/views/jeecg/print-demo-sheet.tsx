import type { JeecgDemo } from '../../api/demo';
import { fileUrl } from '../../api/http';
import { imageList } from '../../components/JImagePreview/preview-logic';

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const SEX: Record<string, string> = { '1': '男', '2': '女' };

/** the printable A4 sheet of one demo record: two pages, the second starts on a page of its own */
export function PrintSheet({ row }: { row: JeecgDemo }) {
  const images = imageList(row.images).slice(0, 4);
  return (
    <article className="print-demo-sheet" aria-label="打印内容">
      <section className="print-page">
        <header className="print-title">
          <h1>员工信息登记表</h1>
          <div className="print-meta">
            <span>编号：{row.id}</span>
            <span>登记时间：{text(row.createTime)}</span>
          </div>
        </header>
        <table className="print-table">
          <tbody>
            <tr>
              <th>姓名</th>
              <td>{text(row.name)}</td>
              <th>性别</th>
              <td>{text(row.sex_dictText ?? SEX[row.sex ?? ''] ?? row.sex)}</td>
            </tr>
            <tr>
              <th>年龄</th>
              <td>{text(row.age)}</td>
              <th>生日</th>
              <td>{text(row.birthday)}</td>
            </tr>
            <tr>
              <th>邮箱</th>
              <td>{text(row.email)}</td>
              <th>关键词</th>
              <td>{text(row.keyWord)}</td>
            </tr>
            <tr>
              <th>工资</th>
              <td>{text(row.salaryMoney)}</td>
              <th>奖金</th>
              <td>{text(row.bonusMoney)}</td>
            </tr>
            <tr>
              <th>打卡时间</th>
              <td colSpan={3}>{text(row.punchTime)}</td>
            </tr>
            <tr>
              <th>个人简介</th>
              <td colSpan={3} className="print-long">
                {text(row.content)}
              </td>
            </tr>
          </tbody>
        </table>
        {images.length > 0 && (
          <div className="print-images">
            {images.map((p, i) => (
              <img
                key={`${p}#${images.slice(0, i).filter((x) => x === p).length}`}
                src={fileUrl(p)}
                alt={`图片${i + 1}`}
              />
            ))}
          </div>
        )}
        <div className="print-sign">
          <span>登记人签字：________________</span>
          <span>日期：______年____月____日</span>
        </div>
      </section>
      <section className="print-page print-page-break">
        <h2>声明</h2>
        <p>本人承诺以上所填信息真实、准确、完整，如有不实，愿承担相应责任。</p>
        <p>本表一式两份，单位与本人各执一份。</p>
        <div className="print-sign">
          <span>本人签字：________________</span>
          <span>审核人签字：________________</span>
        </div>
      </section>
    </article>
  );
}
